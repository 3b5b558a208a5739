// Human approval of tool calls (docs/design.md, "Approval"), through whole Runs: needsApproval
// (true or a function of the validated arguments), APPROVE/DENY sent to the Run actor, the
// `approve` callback, deny-at-once without an approver, serial order, cancel while waiting.
import { describe, expect, it, vi } from 'vitest';
import { createRunActor, runEvents, type RunEvent, type Tool, type ToolMessage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { runToPromise } from '../../src/run/runEvents.js';
import type { ApprovalRequest } from '../../machines/approval.js';
import { deferred, flush } from '../helpers/deferred.js';
import { expectEventInvariant, expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';

function guardedTool(ran: string[], needsApproval: Tool['needsApproval'] = true): Tool {
  return {
    name: 'delete_file',
    description: 'Deletes a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false },
    needsApproval,
    execute: async (args) => {
      ran.push(String(args.path));
      return `deleted ${String(args.path)}`;
    },
  };
}

function start(options: Partial<Parameters<typeof createRunActor>[0]> & { tools: Tool[]; calls: ReturnType<typeof call>[] }) {
  const { calls, ...rest } = options;
  const provider = createScriptedProvider([{ toolCalls: calls }, { text: 'done' }]);
  const actor = createRunActor({ provider, input: 'go', ...rest });
  const events: RunEvent[] = [];
  runEvents(actor).subscribe((event) => events.push(event));
  actor.start();
  const output = runToPromise(actor);
  const waitFor = async (type: string, count = 1) => {
    for (let i = 0; i < 50 && events.filter((e) => e.type === type).length < count; i++) await flush(5);
  };
  return { actor, events, output, waitFor };
}

const toolResults = (messages: readonly { role: string }[]) => messages.filter((m): m is ToolMessage => m.role === 'tool');

describe('approval by events sent to the Run actor', () => {
  it('APPROVE runs the call; the events come in order with the validated arguments', async () => {
    const ran: string[] = [];
    const run = start({ tools: [guardedTool(ran)], calls: [call('c1', 'delete_file', { path: 'a.txt' })] });
    await run.waitFor('tool.approval_requested');
    expect(ran).toEqual([]);
    const requested = run.events.find((e) => e.type === 'tool.approval_requested');
    expect(requested).toMatchObject({ callId: 'c1', toolName: 'delete_file', iteration: 1, arguments: { path: 'a.txt' } });
    run.actor.send({ type: 'APPROVE', callId: 'nope' }); // unknown ids are ignored
    run.actor.send({ type: 'APPROVE', callId: 'c1' });
    const output = await run.output;
    expect(ran).toEqual(['a.txt']);
    expect(output.status).toBe('completed');
    const types = run.events.filter((e) => 'callId' in e).map((e) => e.type);
    expect(types).toEqual(['tool.started', 'tool.approval_requested', 'tool.approval_resolved', 'tool.completed']);
    expectEventInvariant(run.events, output.messages);
    // Already answered, and the Run has ended: ignored, no crash (XState's warning about a stopped actor is expected).
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    run.actor.send({ type: 'APPROVE', callId: 'c1' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Event "APPROVE" was sent to stopped actor'));
    warn.mockRestore();
  });

  it('DENY gives a denied result with the reason, and the call never runs', async () => {
    const ran: string[] = [];
    const run = start({ tools: [guardedTool(ran)], calls: [call('c1', 'delete_file', { path: 'a.txt' })] });
    await run.waitFor('tool.approval_requested');
    run.actor.send({ type: 'DENY', callId: 'c1', reason: 'not that file' });
    const output = await run.output;
    expect(ran).toEqual([]);
    const [result] = toolResults(output.messages);
    expect(result).toMatchObject({ isError: true, code: 'denied' });
    expect(result!.content).toMatch(/not run.*not that file/);
    expect(run.events.find((e) => e.type === 'tool.approval_resolved')).toMatchObject({ approved: false, reason: 'not that file' });
    expect(run.events.find((e) => e.type === 'tool.failed')).toMatchObject({ code: 'denied' });
  });

  it('a serial batch asks one call at a time: nothing after a pending call runs before it is answered', async () => {
    const ran: string[] = [];
    const other: Tool = { name: 'note', description: 'Notes', parameters: { type: 'object' }, execute: async () => (ran.push('note'), 'ok') };
    const run = start({ tools: [guardedTool(ran), other], calls: [call('c1', 'delete_file', { path: 'a' }), call('c2', 'note'), call('c3', 'delete_file', { path: 'b' })] });
    await run.waitFor('tool.approval_requested');
    await flush(10);
    expect(ran).toEqual([]);
    run.actor.send({ type: 'APPROVE', callId: 'c1' });
    await run.waitFor('tool.approval_requested', 2);
    expect(ran).toEqual(['a', 'note']);
    run.actor.send({ type: 'DENY', callId: 'c3' });
    const output = await run.output;
    expect(toolResults(output.messages).map((m) => m.code ?? 'ok')).toEqual(['ok', 'ok', 'denied']);
    expectSessionInvariant(output.messages);
  });

  it('CANCEL while waiting ends the wait: the call is cancelled and never runs', async () => {
    const ran: string[] = [];
    const run = start({ tools: [guardedTool(ran)], calls: [call('c1', 'delete_file', { path: 'a' })] });
    await run.waitFor('tool.approval_requested');
    run.actor.send({ type: 'CANCEL' });
    const output = await run.output;
    expect(output.status).toBe('cancelled');
    expect(ran).toEqual([]);
    expect(toolResults(output.messages)[0]).toMatchObject({ code: 'cancelled' });
    expect(toolResults(output.messages)[0]!.content).toMatch(/waited for approval; it did not run/);
  });
});

describe('approval by the approve callback', () => {
  it('answers with true, false or a reason; the request carries the validated arguments', async () => {
    const ran: string[] = [];
    const requests: ApprovalRequest[] = [];
    const approve = async (request: ApprovalRequest) => {
      requests.push(request);
      return request.arguments.path === 'ok' ? true : { approved: false, reason: 'protected' };
    };
    const run = start({ tools: [guardedTool(ran)], approve, calls: [call('c1', 'delete_file', { path: 'ok' }), call('c2', 'delete_file', { path: 'etc' })] });
    const output = await run.output;
    expect(ran).toEqual(['ok']);
    expect(requests.map((r) => [r.callId, r.arguments])).toEqual([
      ['c1', { path: 'ok' }],
      ['c2', { path: 'etc' }],
    ]);
    expect(toolResults(output.messages).map((m) => m.code ?? 'ok')).toEqual(['ok', 'denied']);
    expect(toolResults(output.messages)[1]!.content).toMatch(/protected/);
  });

  it('a callback that throws denies the call with the error in the reason', async () => {
    const ran: string[] = [];
    const approve = async () => {
      throw new Error('approval service down');
    };
    const run = start({ tools: [guardedTool(ran)], approve, calls: [call('c1', 'delete_file', { path: 'a' })] });
    const output = await run.output;
    expect(ran).toEqual([]);
    expect(toolResults(output.messages)[0]!.content).toMatch(/approval service down/);
    expect(run.events.find((e) => e.type === 'tool.approval_resolved')).toMatchObject({ approved: false });
  });

  it("cancelling while the callback decides aborts the callback's signal", async () => {
    const answer = deferred<boolean>();
    let signal: AbortSignal | undefined;
    const approve = (_request: ApprovalRequest, options: { signal: AbortSignal }) => {
      signal = options.signal;
      return answer.promise;
    };
    const run = start({ tools: [guardedTool([])], approve, calls: [call('c1', 'delete_file', { path: 'a' })] });
    await run.waitFor('tool.approval_requested');
    await flush();
    run.actor.send({ type: 'CANCEL' });
    await run.output;
    expect(signal?.aborted).toBe(true);
  });

  it('without an approver, a Run made to deny at once denies with a message that says so', async () => {
    const ran: string[] = [];
    const run = start({ tools: [guardedTool(ran)], denyApprovalsWithoutApprover: true, calls: [call('c1', 'delete_file', { path: 'a' })] });
    const output = await run.output;
    expect(ran).toEqual([]);
    expect(toolResults(output.messages)[0]!.content).toMatch(/without an approve callback/);
  });
});

describe('needsApproval as a function', () => {
  it('is asked with the validated arguments; false runs the call at once', async () => {
    const ran: string[] = [];
    const seen: unknown[] = [];
    const needsApproval = async (args: Record<string, unknown>) => (seen.push(args), args.path !== 'safe');
    const run = start({ tools: [guardedTool(ran, needsApproval)], calls: [call('c1', 'delete_file', { path: 'safe' }), call('c2', 'delete_file', { path: 'x' })] });
    await run.waitFor('tool.approval_requested');
    expect(ran).toEqual(['safe']);
    run.actor.send({ type: 'APPROVE', callId: 'c2' });
    const output = await run.output;
    expect(ran).toEqual(['safe', 'x']);
    expect(seen).toEqual([{ path: 'safe' }, { path: 'x' }]);
    expect(run.events.filter((e) => e.type === 'tool.approval_requested').map((e) => ('callId' in e ? e.callId : ''))).toEqual(['c2']);
    expect(output.status).toBe('completed');
  });

  it('a needsApproval that throws denies the call', async () => {
    const ran: string[] = [];
    const needsApproval = () => {
      throw new Error('policy unavailable');
    };
    const output = await start({ tools: [guardedTool(ran, needsApproval)], calls: [call('c1', 'delete_file', { path: 'a' })] }).output;
    expect(ran).toEqual([]);
    expect(toolResults(output.messages)[0]).toMatchObject({ code: 'denied' });
    expect(toolResults(output.messages)[0]!.content).toMatch(/policy unavailable/);
  });
});
