// FileSessionStore passes the SessionStore contract: every store of one directory shares it.
import { describe, it } from 'vitest';
import { FileSessionStore } from '../../../src/session/fileSessionStore.js';
import { sessionStoreConformance } from '../../../src/testing.js';
import { useTempDir } from '../sessionTestKit.js';

describe('FileSessionStore', () => {
  const dir = useTempDir();

  it('passes sessionStoreConformance', async () => {
    await sessionStoreConformance(() => new FileSessionStore({ dir: dir() }));
  });
});
