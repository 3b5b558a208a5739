// The README's quick start, kept as a file so the typecheck covers it and a test runs it.
import { createAgent, defineTool, RunError } from 'tinyagent';
import { createScriptedProvider } from 'tinyagent/testing';

// The argument types of `execute` come from the schema: a handler that disagrees does not compile.
const add = defineTool({
  name: 'add',
  description: 'Add two numbers',
  parameters: {
    type: 'object',
    properties: { a: { type: 'number' }, b: { type: 'number' } },
    required: ['a', 'b'],
    additionalProperties: false,
  },
  readOnly: true,
  concurrencySafe: true,
  execute: async ({ a, b }) => String(a + b), // a: number, b: number
});

// Offline: a scripted model that calls `add`, then answers from its result.
const provider = createScriptedProvider((request) => {
  const last = request.messages.at(-1)!;
  if (last.role === 'tool') return { text: `The answer is ${last.content}.` };
  return { toolCalls: [{ id: `call_${request.messages.length}`, name: 'add', arguments: '{"a":2,"b":40}' }] };
});

const agent = createAgent({ provider, limits: { maxIterations: 5 } });
agent.tools.register(add);

// Live events of one Run (each subscription starts its own Run).
agent.stream('What is 2 + 40?').subscribe((event) => console.log(event.seq, event.type));

// Or just the outcome: resolves when the Run completes, rejects with a RunError when it
// reaches a limit, is cancelled, or its provider or session fails.
try {
  const output = await agent.run('What is 2 + 40?', { sessionId: 'quickstart' });
  console.log(output.text); // "The answer is 42."
} catch (error) {
  if (!(error instanceof RunError)) throw error;
  // error.code: 'tool_iteration_limit' | 'cancelled' | 'provider_error' | 'session_error'
  console.error(`The Run ended ${error.output.status} (${error.code}): ${error.message}`);
  process.exitCode = 1;
}
