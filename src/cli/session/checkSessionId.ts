// A session id checked by the stores' own rule before any file is touched.
import { MemorySessionStore } from '../../index.js';

/**
 * Resolves the id when it is valid; rejects with a SessionError `invalid_session_id` (exit 2) otherwise.
 * @example await checkSessionId('chat') // 'chat'
 */
export async function checkSessionId(id: string): Promise<string> {
  await new MemorySessionStore().load(id);
  return id;
}
