// The pure parts of the MCP module: registered names, result mapping, keyword stripping.
import { describe, expect, it } from 'vitest';
import { ToolErrorCode } from '../../src/index.js';
import { toToolResult } from '../../src/mcp/callResult.js';
import { stripKeywords } from '../../src/mcp/stripKeywords.js';
import { mcpToolName } from '../../src/mcp/toolName.js';

describe('mcpToolName', () => {
  it('joins server and tool as mcp__<server>__<tool>', () => {
    expect(mcpToolName('fs', 'read_file')).toBe('mcp__fs__read_file');
    expect(mcpToolName('everything', 'get-sum')).toBe('mcp__everything__get-sum');
  });

  it('replaces characters outside [A-Za-z0-9_-] with _', () => {
    expect(mcpToolName('files.local', 'read file/v2')).toBe('mcp__files_local__read_file_v2');
    expect(mcpToolName('ünï', 'ok')).toBe('mcp___n___ok');
  });

  it('keeps a name of exactly 64 characters as it is', () => {
    const tool = 'x'.repeat(64 - 'mcp__s__'.length);
    expect(mcpToolName('s', tool)).toBe(`mcp__s__${tool}`);
  });

  it('cuts a longer name to 64 with a stable hash suffix that tells long names apart', () => {
    const a = mcpToolName('server', `${'long_'.repeat(20)}a`);
    const b = mcpToolName('server', `${'long_'.repeat(20)}b`);
    expect(a).toHaveLength(64);
    expect(a).toMatch(/^mcp__server__long_long_.*_[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
    expect(mcpToolName('server', `${'long_'.repeat(20)}a`)).toBe(a);
  });

  it('hashes the original names, so names that sanitise alike still differ once cut', () => {
    const tool = 'y'.repeat(70);
    expect(mcpToolName('a.b', tool)).not.toBe(mcpToolName('a_b', tool));
  });
});

describe('toToolResult', () => {
  it('joins text blocks with newlines', () => {
    expect(toToolResult({ content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] })).toEqual({ content: 'one\ntwo' });
  });

  it('prefers text over structuredContent, and serialises structuredContent when there is no text', () => {
    expect(toToolResult({ content: [{ type: 'text', text: 't' }], structuredContent: { a: 1 } })).toEqual({ content: 't' });
    expect(toToolResult({ structuredContent: { a: 1 } })).toEqual({ content: '{"a":1}' });
  });

  it('keeps isError as an error result with code tool_error, with a message even when the server gave none', () => {
    expect(toToolResult({ content: [], isError: true })).toEqual({
      content: 'The MCP tool reported an error without a message.',
      isError: true,
      code: ToolErrorCode.toolError,
    });
  });

  it('names content types it does not know instead of dropping them silently', () => {
    expect(toToolResult({ content: [{ type: 'hologram' }, 42] }).content).toBe('[hologram content omitted]\n[content block omitted: not an object]');
  });

  it('sizes larger media in KiB and says when the size or type is unknown', () => {
    const data = 'A'.repeat(4096); // 3072 bytes
    expect(toToolResult({ content: [{ type: 'image', data, mimeType: 'image/jpeg' }, { type: 'audio' }] }).content).toBe(
      '[image omitted: image/jpeg, 3.0 KiB]\n[audio omitted: unknown type, unknown size]',
    );
  });

  it('turns a result that is not MCP-shaped into an error result', () => {
    expect(toToolResult({ content: 'text' })).toMatchObject({ isError: true, code: ToolErrorCode.toolError });
    expect(toToolResult(null)).toMatchObject({ isError: true, code: ToolErrorCode.toolError });
  });
});

describe('stripKeywords', () => {
  it('drops the keywords at every schema position and keeps properties, data and the rest', () => {
    const schema = {
      type: 'object',
      'x-ui': 'form',
      properties: {
        'x-ui': { type: 'string', 'x-ui': 'hidden' },
        list: { type: 'array', items: { type: 'number', 'x-ui': 'slider' } },
        choice: { anyOf: [{ const: { 'x-ui': 'data' } }, { type: 'null', 'x-ui': 1 }] },
      },
      $defs: { d: { 'x-ui': true, type: 'string' } },
    };
    expect(stripKeywords(schema, ['x-ui'])).toEqual({
      type: 'object',
      properties: {
        'x-ui': { type: 'string' },
        list: { type: 'array', items: { type: 'number' } },
        choice: { anyOf: [{ const: { 'x-ui': 'data' } }, { type: 'null' }] },
      },
      $defs: { d: { type: 'string' } },
    });
    expect(schema['x-ui']).toBe('form'); // the input is not changed
  });
});
