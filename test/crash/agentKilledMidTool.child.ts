// Run by agentKilledMidTool.test.ts: an agent on a FileSessionStore runs a scripted batch
// whose last call prints `running <callId>` and never returns, until the test SIGKILLs
// this process. Usage: agentKilledMidTool.child.ts <dir> <sessionId> <scenario>
import { createAgent, FileSessionStore, type ProviderResponse, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';

export type CrashScenario = 'oneCall' | 'secondCallOfBatch';

const [dir, sessionId, scenario] = process.argv.slice(2) as [string, string, CrashScenario];

const scripts: Record<CrashScenario, ProviderResponse> = {
  oneCall: { toolCalls: [{ id: 'c1', name: 'hang', arguments: '{"path":"tmp"}' }] },
  // Serial (neither tool is concurrency-safe): `hang` starts only once `quick` has its result.
  secondCallOfBatch: {
    toolCalls: [
      { id: 'c1', name: 'quick', arguments: '{}' },
      { id: 'c2', name: 'hang', arguments: { path: 'tmp' } },
    ],
  },
};

const parameters = { type: 'object', properties: { path: { type: 'string' } } } as const;
const tools: Tool[] = [
  { name: 'quick', description: 'Returns at once', parameters, execute: async () => 'listed 3 files' },
  {
    name: 'hang',
    description: 'Says it runs, then never returns',
    parameters,
    execute: (_args, ctx) => {
      process.stdout.write(`running ${ctx.callId}\n`);
      setInterval(() => undefined, 60_000); // keeps the process alive while it "works"
      return new Promise(() => undefined);
    },
  },
];

const agent = createAgent({ provider: createScriptedProvider([scripts[scenario]]), tools, sessionStore: new FileSessionStore({ dir }) });
agent.run('clean up the temp files', { sessionId }).then(
  (output) => process.stdout.write(`error the run ended (${output.status}) instead of hanging\n`),
  (error: unknown) => process.stdout.write(`error ${String(error)}\n`),
);
