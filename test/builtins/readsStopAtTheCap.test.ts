// The file tools stop reading at maxFileBytes counted in bytes read, not the size the file
// system reports: a file that says it holds 0 bytes (as /proc files do) and holds more is
// refused as too large without being read whole.
import { describe, expect, it } from 'vitest';
import { readable } from '../helpers/readable.js';
import { fileTools } from './builtinsTestKit.js';

describe('reads bounded by the bytes read', () => {
  it.runIf(readable('/proc/self/status'))('refuses a file that reports 0 bytes and holds more than the cap', async () => {
    // A root whose files lie about their size: /proc/self (the test's own process).
    const { call } = fileTools({ root: '/proc/self', maxFileBytes: 64 });
    expect(await call('read_file', { path: 'status' })).toMatchObject({ isError: true, code: 'file_too_large' });
    const small = await call('read_file', { path: 'comm' }); // a few bytes, also reported as 0
    expect(small.isError).toBeUndefined();
    expect(small.content).toMatch(/^ {4}1\t\S+$/);
  });
});
