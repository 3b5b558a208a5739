// A worker for the approval-across-processes test: `ask` starts a Run whose call waits for a
// person's answer, and SIGKILLs itself once the session records the wait; `answer` resumes the
// Run from the store alone (resumeRunActor) and sends APPROVE when the call asks again.
//   approvalAcrossProcesses.child.ts <dir> <ledger> ask|answer
import { setTimeout as delay } from 'node:timers/promises';
import { createRunActor, FileSessionStore, resumeRunActor, runEvents, runToPromise, type Provider, type Tool } from '../../src/index.js';
import { recordEffect } from './effectLedger.js';

const [dir, ledger, mode] = process.argv.slice(2) as [string, string, 'ask' | 'answer'];
const store = new FileSessionStore({ dir });
const session = { store, sessionId: 'approval' };

const sendMail: Tool = {
  name: 'send_mail',
  description: 'Sends a mail (once; a person approves each)',
  parameters: { type: 'object', properties: {} },
  effects: 'once',
  needsApproval: true,
  execute: async (_args, ctx) => {
    recordEffect(ledger, { tool: 'send_mail', callId: ctx.callId, idempotencyKey: ctx.idempotencyKey, pid: process.pid });
    return 'sent';
  },
};
const provider: Provider = {
  complete: async (request) =>
    request.messages.at(-1)?.role === 'tool' ? { text: 'mail sent', finishReason: 'stop' } : { toolCalls: [{ id: 'mail_1', name: 'send_mail', arguments: '{}' }], finishReason: 'tool_calls' },
};

if (mode === 'ask') {
  const actor = createRunActor({ provider, tools: [sendMail], input: 'mail the report', history: await store.load(session.sessionId), session });
  runEvents(actor).subscribe(async (event) => {
    if (event.type !== 'tool.approval_requested') return;
    // Dies once the wait is durable: the next process reads it from the session.
    while (!(await store.loadRunState(session.sessionId))?.checkpoint.pendingApprovals.includes(event.callId)) await delay(5);
    process.stdout.write(`awaiting ${event.callId}\n`);
    process.kill(process.pid, 'SIGKILL');
  });
  actor.start();
  await new Promise(() => {});
} else {
  const actor = await resumeRunActor({ provider, tools: [sendMail], session });
  runEvents(actor).subscribe((event) => {
    process.stdout.write(`event ${event.type}\n`);
    if (event.type === 'tool.approval_requested') actor.send({ type: 'APPROVE', callId: event.callId });
  });
  actor.start();
  const output = await runToPromise(actor);
  process.stdout.write(`output ${JSON.stringify(output)}\n`);
}
