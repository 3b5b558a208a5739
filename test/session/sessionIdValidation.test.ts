import { describe, expect, it } from 'vitest';
import { SessionError } from '../../src/errors.js';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import { MemorySessionStore } from '../../src/session/memorySessionStore.js';
import { assertSessionId } from '../../src/session/sessionId.js';
import { useTempDir } from './sessionTestKit.js';

const accepted = ['a', 'A', '0', '_', '-', 'user-42', 'chat.2024-01-01', 'a..b', 'a.', 'x'.repeat(128), '_.hidden-ish'];

const refused: [label: string, id: unknown, mentions: string][] = [
  ['empty', '', 'empty'],
  ['dot', '.', 'must not start with "."'],
  ['dot dot', '..', 'must not start with "."'],
  ['leading dot', '.env', 'must not start with "."'],
  ['slash', 'a/b', '"/" at index 1'],
  ['parent path', '../etc', 'must not start with "."'],
  ['backslash', 'a\\b', '"\\\\" at index 1'],
  ['NUL', 'a\u0000b', '"\\u0000" at index 1'],
  ['newline', 'a\n', '"\\n" at index 1'],
  ['space', 'a b', '" " at index 1'],
  ['non-ASCII', 'café', '"é" at index 3'],
  ['129 characters', 'x'.repeat(129), '129 characters long'],
  ['number', 42, 'must be a string'],
  ['undefined', undefined, 'must be a string'],
  ['null', null, 'must be a string'],
];

describe('session id validation', () => {
  it.each(accepted)('accepts %j', (id) => {
    expect(() => assertSessionId(id)).not.toThrow();
  });

  it.each(refused)('refuses %s with invalid_session_id and says why', (_label, id, mentions) => {
    let caught: unknown;
    try {
      assertSessionId(id);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SessionError);
    expect((caught as SessionError).code).toBe('invalid_session_id');
    expect((caught as SessionError).message).toContain(mentions);
  });

  const dir = useTempDir();

  it('is enforced by both stores on load and append, before touching the disk', async () => {
    for (const store of [new MemorySessionStore(), new FileSessionStore({ dir: `${dir()}/sessions` })]) {
      await expect(store.load('../escape')).rejects.toMatchObject({ code: 'invalid_session_id' });
      await expect(store.append('a/b', [{ role: 'user', content: 'x' }])).rejects.toMatchObject({
        code: 'invalid_session_id',
      });
    }
  });
});
