import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SessionError } from '../../src/errors.js';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import { useTempDir } from './sessionTestKit.js';

const user = '{"v":1,"message":{"role":"user","content":"hi"}}';

async function loadError(dir: string, text: string): Promise<SessionError> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 's.jsonl'), text);
  const error: unknown = await new FileSessionStore({ dir }).load('s').catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(SessionError);
  return error as SessionError;
}

describe('a corrupt session', () => {
  const dir = useTempDir();

  it('with a broken line that is not the last one fails with session_corrupt naming the line', async () => {
    const error = await loadError(dir(), `${user}\n{"v":1,"mess\n${user}\n`);
    expect(error.code).toBe('session_corrupt');
    expect(error.details).toEqual({ sessionId: 's', line: 2 });
    expect(error.message).toContain('line 2');
    expect(error.message).toContain('not valid JSON');
  });

  it('with an empty line in the middle fails with session_corrupt', async () => {
    const error = await loadError(dir(), `${user}\n\n${user}\n`);
    expect(error).toMatchObject({ code: 'session_corrupt', details: { line: 2 } });
  });

  it.each([
    ['a message with an unknown role', '{"v":1,"message":{"role":"robot","content":"x"}}', 'role must be'],
    ['a tool message without isError', '{"v":1,"message":{"role":"tool","toolCallId":"c1","content":"x"}}', 'isError'],
    ['a tool call without arguments', '{"v":1,"message":{"role":"assistant","content":"","toolCalls":[{"id":"c1","name":"ls"}]}}', 'toolCalls[0]: arguments'],
    ['a record without a version', '{"message":{"role":"user","content":"x"}}', 'format version'],
    ['a record that is not an object', '[1,2]', 'record'],
  ])('with %s fails with session_corrupt, even on the last line', async (_label, line, mentions) => {
    const error = await loadError(dir(), `${user}\n${line}\n`);
    expect(error).toMatchObject({ code: 'session_corrupt', details: { sessionId: 's', line: 2 } });
    expect(error.message).toContain(mentions);
  });

  it('written in a future format version fails with session_unsupported_version', async () => {
    const error = await loadError(dir(), `${user}\n{"v":3,"message":{"role":"user","content":"x"},"extra":true}\n`);
    expect(error.code).toBe('session_unsupported_version');
    expect(error.details).toEqual({ sessionId: 's', line: 2 });
    expect(error.message).toContain('format version 3');
  });
});
