// `npm run demo`: an agent with the built-in read-only file tools looks around this repository.
// Offline it uses a scripted provider; with OPENAI_API_KEY / OPENAI_BASE_URL or
// ANTHROPIC_API_KEY set it asks that model instead (its streamed text shows as it comes).
// It prints the live event stream, then the session's audit trail as the FileSessionStore
// persisted it, then removes the session's temporary folder.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgent, createFileTools, FileSessionStore, providerFromEnv, type Provider, type RunEvent } from 'tinyagent';
import { demoScript } from './demoScript.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const realProvider = providerFromEnv();
const provider: Provider = realProvider ?? demoScript();
console.log(
  realProvider
    ? 'Model: a real one, configured by the environment (ANTHROPIC_API_KEY, OPENAI_API_KEY or OPENAI_BASE_URL; TINYAGENT_MODEL names it).'
    : 'Model: scripted (offline, examples/demoScript.ts). For a real one set ANTHROPIC_API_KEY, OPENAI_API_KEY, or OPENAI_BASE_URL for a keyless local server (TINYAGENT_MODEL names the model).',
);
const sessionDir = await mkdtemp(path.join(os.tmpdir(), 'tinyagent-demo-'));
const agent = createAgent({ provider, sessionStore: new FileSessionStore({ dir: sessionDir }), limits: { maxOutputChars: 2_000 } });
// read_file, list_files and search_files, confined to the repository (paths outside are refused).
agent.tools.register(...createFileTools({ root }));

const args = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
const clip = (text: string, max = 70) => {
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max)}…` : line;
};

function describe(event: RunEvent): string {
  switch (event.type) {
    case 'run.started': return `input: ${clip(event.input)}`;
    case 'run.resumed': return `resumed after ${event.iterations} tool batches: ${clip(event.input)}`;
    case 'provider.requested': return `${event.messageCount} messages`;
    case 'provider.responded': return `${event.toolCallCount} tool calls${event.text ? `, text: ${clip(event.text)}` : ''}`;
    case 'text.delta': return clip(event.delta);
    case 'tool.started': return `${event.toolName}#${event.callId} (batch ${event.iteration}) args ${clip(args(event.arguments))}`;
    case 'tool.completed': return `${event.toolName}#${event.callId} in ${event.durationMs.toFixed(1)} ms: ${clip(event.result.content)}`;
    case 'tool.failed': return `${event.toolName}#${event.callId} [${event.code}] ${clip(event.result.content)}`;
    case 'tool.approval_requested': return `${event.toolName}#${event.callId} asks for approval`;
    case 'tool.approval_resolved': return `#${event.callId} ${event.approved ? 'approved' : 'denied'}`;
    case 'tool.hook_decided': return `#${event.callId} ${event.hook}: ${event.decision}${event.reason ? ` (${event.reason})` : ''}`;
    case 'run.completed': return `after ${event.output.iterations} tool batches: ${event.output.text ?? ''}`;
    case 'run.failed': return `[${event.error.code}] ${event.error.message}`;
    case 'run.cancelled': return 'cancelled';
  }
}

try {
  console.log('\n== live events');
  await printLiveEvents();
  console.log(`\n== audit trail (${path.join(sessionDir, 'demo.jsonl')})`);
  await printAuditTrail();
} finally {
  await rm(sessionDir, { recursive: true, force: true });
  console.log(`\n(removed ${sessionDir})`);
}

/** One line per event; streamed text (`text.delta`, from real providers) is written as it arrives. */
async function printLiveEvents(): Promise<void> {
  let streaming = false;
  const events = agent.stream('Look around this repository and tell me what it is.', { sessionId: 'demo' });
  await new Promise<void>((resolve, reject) => {
    events.subscribe({
      next: (event) => {
        if (event.type === 'text.delta') {
          if (!streaming) process.stdout.write(`${String(event.seq).padStart(3)} ${'text.delta'.padEnd(19)} `);
          streaming = true;
          process.stdout.write(event.delta.replace(/\s+/g, ' '));
          return;
        }
        if (streaming) process.stdout.write('\n');
        streaming = false;
        console.log(`${String(event.seq).padStart(3)} ${event.type.padEnd(19)} ${describe(event)}`);
      },
      error: reject,
      complete: resolve,
    });
  });
}

async function printAuditTrail(): Promise<void> {
  for (const message of await new FileSessionStore({ dir: sessionDir }).load('demo')) {
    if (message.role === 'assistant') {
      console.log(`assistant: ${clip(message.content) || '(no text)'}`);
      for (const call of message.toolCalls ?? []) console.log(`  -> ${call.id} ${call.name} ${clip(args(call.arguments))}`);
    } else if (message.role === 'tool') {
      console.log(`tool ${message.toolCallId}${message.isError ? ` [${message.code}]` : ''}: ${clip(message.content)}`);
    } else {
      console.log(`${message.role}: ${clip(message.content)}`);
    }
  }
}
