// The SessionStore contract, as one suite every durable store must pass (docs/sessions.md,
// "Writing a store"). Framework-free: node:assert, and a Promise that rejects with the failures.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { SessionErrorCode } from '../codes.js';
import type { AssistantMessage, Message, ToolMessage } from '../types.js';
import { isDurableSessionStore } from './isDurableSessionStore.js';
import type { DurableSessionStore, SessionStore } from './sessionStore.js';
import { describeError } from '../describeError.js';

/** Makes a store; every store it makes shares one backend (one directory, one database). */
export type CreateSessionStore = () => SessionStore | Promise<SessionStore>;

interface Case {
  name: string;
  run(stores: () => Promise<DurableSessionStore>, id: () => string): Promise<void>;
}

const user: Message = { role: 'user', content: 'clean up the temp files' };
const withCalls: AssistantMessage = {
  role: 'assistant',
  content: '',
  toolCalls: [
    { id: 'c1', name: 'ls', arguments: '{}' },
    { id: 'c2', name: 'rm', arguments: { path: 'tmp' } },
  ],
};
const result = (toolCallId: string): ToolMessage => ({ role: 'tool', toolCallId, content: `done ${toolCallId}`, isError: false });
const answer: Message = { role: 'assistant', content: 'Done.' };
const start = (callId: string) => ({ callId, toolName: 'ls', iteration: 1, idempotencyKey: `key-${callId}` });

async function rejectsWith(promise: Promise<unknown>, code: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.equal((error as { code?: unknown }).code, code, `expected code ${code}, got ${String(error)}`);
    return true;
  });
}

const cases: Case[] = [
  {
    name: 'a session never written loads as [] and has no unfinished Run',
    async run(stores, id) {
      const store = await stores();
      assert.deepEqual(await store.load(id()), []);
      assert.equal(await store.loadRunState(id()), undefined);
    },
  },
  {
    name: 'an acknowledged append is seen by another store on the same backend, as a copy',
    async run(stores, id) {
      const messages: Message[] = [{ ...user }, { ...answer }];
      await (await stores()).append(id(), messages);
      (messages[0] as { content: string }).content = 'changed afterwards';
      const loaded = await (await stores()).load(id());
      assert.deepEqual(loaded, [user, answer]);
      (loaded[1] as { content: string }).content = 'changed after loading';
      assert.deepEqual(await (await stores()).load(id()), [user, answer]);
    },
  },
  {
    name: 'bad session ids and non-messages are refused, and nothing is written',
    async run(stores, id) {
      const store = await stores();
      for (const bad of ['', '../x', 'a/b', '.hidden']) {
        await rejectsWith(store.load(bad), SessionErrorCode.invalidSessionId);
        await rejectsWith(store.append(bad, [user]), SessionErrorCode.invalidSessionId);
        await rejectsWith(store.acquire(bad, { runId: 'r' }), SessionErrorCode.invalidSessionId);
        await rejectsWith(store.loadRunState(bad), SessionErrorCode.invalidSessionId);
      }
      await rejectsWith(store.append(id(), [{ role: 'tool', toolCallId: 'c1' } as unknown as Message]), SessionErrorCode.invalidMessage);
      assert.deepEqual(await store.load(id()), []);
    },
  },
  {
    name: 'a reader never writes: load returns calls without results as they are, and the live lease goes on',
    async run(stores, id) {
      const lease = await (await stores()).acquire(id(), { runId: 'run-1' });
      await lease.append([user, withCalls]);
      const reader = await stores();
      assert.deepEqual(await reader.load(id()), [user, withCalls]);
      assert.deepEqual(await reader.load(id()), [user, withCalls]);
      await lease.append([result('c1'), result('c2'), answer]);
      assert.deepEqual(await reader.load(id()), [user, withCalls, result('c1'), result('c2'), answer]);
      await lease.finish('completed');
    },
  },
  {
    name: 'a second Run waits for a live owner, then gets session_locked; nothing is written',
    async run(stores, id) {
      const lease = await (await stores()).acquire(id(), { runId: 'run-1' });
      await lease.append([user]);
      const other = await stores();
      await rejectsWith(other.acquire(id(), { runId: 'run-2', lockTimeoutMs: 30 }), SessionErrorCode.locked);
      await rejectsWith(other.acquire(id(), { runId: 'run-2', takeOver: true, lockTimeoutMs: 30 }), SessionErrorCode.locked);
      assert.deepEqual(await other.load(id()), [user]);
      assert.equal((await other.loadRunState(id()))?.runId, 'run-1');
      await lease.append([answer]);
      await lease.release();
    },
  },
  {
    name: 'two Runs taking a free session at once: one gets it, the other session_locked',
    async run(stores, id) {
      const [first, second] = await Promise.all([stores(), stores()]);
      const attempts = await Promise.allSettled([
        first.acquire(id(), { runId: 'run-1', lockTimeoutMs: 30 }),
        second.acquire(id(), { runId: 'run-2', lockTimeoutMs: 30 }),
      ]);
      const won = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
      assert.equal(won.length, 1, 'exactly one acquisition succeeds');
      const lost = attempts.find((attempt) => attempt.status === 'rejected');
      assert.equal((lost?.reason as { code?: unknown } | undefined)?.code, SessionErrorCode.locked);
      await won[0]!.finish('completed');
    },
  },
  {
    name: 'a waiting Run gets the session once its owner releases it',
    async run(stores, id) {
      const first = await (await stores()).acquire(id(), { runId: 'run-1' });
      const waiting = (await stores()).acquire(id(), { runId: 'run-2', lockTimeoutMs: 10_000 });
      await first.finish('completed');
      const second = await waiting;
      await second.append([user]);
      await second.finish('completed');
      assert.deepEqual(await (await stores()).load(id()), [user]);
    },
  },
  {
    name: 'a takeover by the same Run supersedes a live owner: its later writes are refused and never reach the store',
    async run(stores, id) {
      const old = await (await stores()).acquire(id(), { runId: 'run-1' });
      await old.append([user, withCalls]);
      const newer = await (await stores()).acquire(id(), { runId: 'run-1', takeOver: true, lockTimeoutMs: 0 });
      assert.deepEqual(newer.repaired, [], 'a resume continues its calls, it does not repair them');
      await rejectsWith(old.append([result('c1'), result('c2')]), SessionErrorCode.superseded);
      await rejectsWith(old.recordCallStarted(start('c1')), SessionErrorCode.superseded);
      await rejectsWith(old.finish('completed'), SessionErrorCode.superseded);
      await old.release();
      assert.deepEqual(await (await stores()).load(id()), [user, withCalls]);
      await newer.append([result('c1'), result('c2'), answer]);
      await newer.finish('completed');
      assert.deepEqual(await (await stores()).load(id()), [user, withCalls, result('c1'), result('c2'), answer]);
    },
  },
  {
    name: 'loadRunState tells a resumer the unfinished Run: its start, open and started calls, checkpoint, approvals',
    async run(stores, id) {
      const store = await stores();
      await store.append(id(), [{ role: 'user', content: 'earlier' }, { role: 'assistant', content: 'ok' }]);
      const lease = await store.acquire(id(), { runId: 'run-1' });
      await lease.append([user, withCalls], { iterations: 0, usage: { inputTokens: 3, outputTokens: 4, totalTokens: 7 } });
      await lease.recordCallStarted(start('c1'));
      await lease.recordCheckpoint({ iterations: 1, usage: { inputTokens: 5, outputTokens: 6, totalTokens: 11 }, pendingApprovals: ['c2'] });
      const state = await (await stores()).loadRunState(id());
      assert.ok(state, 'the Run is unfinished');
      assert.equal(state.runId, 'run-1');
      assert.equal(state.runStart, 2);
      assert.deepEqual(state.messages.slice(state.runStart), [user, withCalls]);
      assert.deepEqual(state.openCalls, withCalls.toolCalls);
      assert.deepEqual(state.startedCalls, { c1: start('c1') });
      assert.deepEqual(state.checkpoint, { iterations: 1, usage: { inputTokens: 5, outputTokens: 6, totalTokens: 11 }, pendingApprovals: ['c2'] });
      assert.equal(state.released, false);
      await lease.append([result('c1')]);
      assert.deepEqual((await store.loadRunState(id()))?.openCalls, [withCalls.toolCalls![1]]);
      assert.deepEqual((await store.loadRunState(id()))?.startedCalls, {});
      await lease.release();
      assert.equal((await store.loadRunState(id()))?.released, true);
    },
  },
  {
    name: 'a released Run stays resumable: the same Run takes it again without repair, a finished one is not',
    async run(stores, id) {
      const lease = await (await stores()).acquire(id(), { runId: 'run-1' });
      await lease.append([user, withCalls]);
      await lease.release();
      await lease.release();
      await rejectsWith(lease.append([answer]), SessionErrorCode.superseded);
      const again = await (await stores()).acquire(id(), { runId: 'run-1', lockTimeoutMs: 0 });
      assert.deepEqual(again.repaired, []);
      await again.append([result('c1'), result('c2'), answer]);
      await again.finish('completed');
      assert.equal(await (await stores()).loadRunState(id()), undefined);
    },
  },
  {
    name: 'a new Run repairs a gone Run: interrupted results for its open calls, and that Run is finished',
    async run(stores, id) {
      const lease = await (await stores()).acquire(id(), { runId: 'run-1' });
      await lease.append([user, withCalls]);
      await lease.recordCallStarted([start('c1'), start('c2')]);
      assert.deepEqual(Object.keys((await (await stores()).loadRunState(id()))?.startedCalls ?? {}), ['c1', 'c2']);
      await lease.release();
      const next = await (await stores()).acquire(id(), { runId: 'run-2', lockTimeoutMs: 0 });
      assert.deepEqual(
        next.repaired.map((message) => [message.toolCallId, message.code, message.isError]),
        [
          ['c1', 'interrupted', true],
          ['c2', 'interrupted', true],
        ],
      );
      const loaded = await (await stores()).load(id());
      assert.deepEqual(loaded, [user, withCalls, ...next.repaired]);
      const state = await (await stores()).loadRunState(id());
      assert.equal(state?.runId, 'run-2');
      assert.equal(state?.runStart, 4);
      assert.deepEqual(state?.openCalls, []);
      await next.finish('completed');
    },
  },
  {
    name: "a lease's writes land in call order, each once, and length counts them",
    async run(stores, id) {
      const lease = await (await stores()).acquire(id(), { runId: 'run-1' });
      const before = lease.length;
      const messages = Array.from({ length: 12 }, (_, n): Message => ({ role: 'user', content: `message ${n}` }));
      await Promise.all(messages.map((message) => lease.append([message])));
      assert.equal(lease.length, before + messages.length);
      assert.deepEqual(await (await stores()).load(id()), messages);
      await lease.finish('completed');
    },
  },
  {
    name: 'an aborted acquisition rejects with the reason and takes nothing',
    async run(stores, id) {
      const store = await stores();
      const reason = new Error('gave up');
      await assert.rejects(store.acquire(id(), { runId: 'run-1', signal: AbortSignal.abort(reason) }), (error) => error === reason);
      const owner = await store.acquire(id(), { runId: 'run-1', lockTimeoutMs: 0 });
      const waiting = new AbortController();
      const attempt = store.acquire(id(), { runId: 'run-2', lockTimeoutMs: 10_000, signal: waiting.signal });
      waiting.abort(reason);
      await assert.rejects(attempt, (error) => error === reason);
      await owner.append([user]);
      await owner.finish('completed');
    },
  },
];

/**
 * Runs the SessionStore contract against stores from `createStore` (called several times; the
 * stores must share one backend, as two processes would). Resolves when every case passes;
 * rejects with an `AggregateError` of the failures, each named after its case. Uses fresh
 * session ids (`conformance-<uuid>-<n>`), so a persistent backend can be reused.
 * @example
 * import { mkdtemp } from 'node:fs/promises';
 * import { tmpdir } from 'node:os';
 * import { join } from 'node:path';
 * import { FileSessionStore } from './fileSessionStore.js';
 * const dir = await mkdtemp(join(tmpdir(), 'sessions-'));
 * await sessionStoreConformance(() => new FileSessionStore({ dir }));
 */
export async function sessionStoreConformance(createStore: CreateSessionStore): Promise<void> {
  const prefix = `conformance-${randomUUID()}`;
  const stores = async (): Promise<DurableSessionStore> => {
    const store = await createStore();
    assert.ok(isDurableSessionStore(store), 'the store must have acquire() and loadRunState()');
    return store;
  };
  const failures: Error[] = [];
  for (const [index, testCase] of cases.entries()) {
    const sessionId = `${prefix}-${index}`;
    try {
      await testCase.run(stores, () => sessionId);
    } catch (error) {
      failures.push(new Error(`${testCase.name}: ${describeError(error)}`, { cause: error }));
    }
  }
  if (failures.length > 0) {
    throw new AggregateError(failures, `${failures.length} of ${cases.length} session store cases failed:\n- ${failures.map((failure) => failure.message).join('\n- ')}`);
  }
}
