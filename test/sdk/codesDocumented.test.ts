// Every code the package exports is documented: each value of every exported `…ErrorCode`
// object, and the fixed codes of the error classes, appear in the codes section of docs/design.md.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import * as api from '../../src/index.js';

const CODES_DOC = 'docs/design.md';
// Error classes whose code is fixed by the class rather than by a code object.
const CLASS_CODES = ['provider_error', 'invalid_option', 'script_exhausted'];

function exportedCodes(): string[] {
  const codes = new Set(CLASS_CODES);
  for (const [name, value] of Object.entries(api)) {
    if (!name.endsWith('ErrorCode') || typeof value !== 'object' || value === null) continue;
    for (const code of Object.values(value)) codes.add(String(code));
  }
  return [...codes].sort();
}

describe('the codes section', () => {
  it('finds the code objects it checks', () => {
    expect(exportedCodes()).toEqual(expect.arrayContaining(['unknown_tool', 'invalid_tool_name', 'session_corrupt', 'tool_iteration_limit']));
  });

  it('documents every exported code', async () => {
    const doc = await readFile(CODES_DOC, 'utf8');
    const missing = exportedCodes().filter((code) => !doc.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });
});
