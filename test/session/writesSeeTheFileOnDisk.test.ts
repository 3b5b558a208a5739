// A writer reads only the bytes added since its last write (the file is append-only), yet always
// decides on what is on disk: lines another writer appended, a file put in its place, a file
// cut shorter are all seen.
import { appendFile, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import { useTempDir } from './sessionTestKit.js';

const line = (record: object) => `${JSON.stringify({ v: 2, ...record })}\n`;
const takenOver = line({ type: 'acquired', runId: 'run-1', leaseId: 'newer', holder: { host: 'elsewhere', pid: 1, process: 'x' } });

describe('a lease write on FileSessionStore', () => {
  const dir = useTempDir();

  it('sees a takeover appended by another writer since its last write', async () => {
    const store = new FileSessionStore({ dir: dir() });
    const lease = await store.acquire('s', { runId: 'run-1' });
    await lease.append([{ role: 'user', content: 'one' }]);
    await appendFile(join(dir(), 's.jsonl'), takenOver);
    await expect(lease.append([{ role: 'user', content: 'two' }])).rejects.toMatchObject({ code: 'session_superseded' });
  });

  it('sees a file put in place of the one it read, even a longer one', async () => {
    const store = new FileSessionStore({ dir: dir() });
    const lease = await store.acquire('s', { runId: 'run-1' });
    await lease.append([{ role: 'user', content: 'one' }]);
    const path = join(dir(), 's.jsonl');
    // Another session history altogether, longer than the one read: nothing of it is the old prefix.
    const other = line({ type: 'message', message: { role: 'user', content: 'x'.repeat((await readFile(path)).length + 100) } });
    await writeFile(`${path}.new`, `${other}${takenOver}`, { mode: 0o600 });
    await rename(`${path}.new`, path);
    await expect(lease.append([{ role: 'user', content: 'two' }])).rejects.toMatchObject({ code: 'session_superseded' });
  });

  it('sees a file cut shorter than what it read', async () => {
    const store = new FileSessionStore({ dir: dir() });
    const lease = await store.acquire('s', { runId: 'run-1' });
    await lease.append([{ role: 'user', content: 'a long first message '.repeat(20) }]);
    await writeFile(join(dir(), 's.jsonl'), line({ type: 'message', message: { role: 'user', content: 'short' } }));
    // The lease is not in the file any more: nobody owns the session, so the lease is refused.
    await expect(lease.append([{ role: 'user', content: 'two' }])).rejects.toMatchObject({ code: 'session_superseded' });
    expect(await store.load('s')).toEqual([{ role: 'user', content: 'short' }]);
  });
});
