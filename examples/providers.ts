// `npx tsx examples/providers.ts`: one question to a real model over HTTP, with a tool and
// streamed text. Configure it with ANTHROPIC_API_KEY, or OPENAI_API_KEY, or OPENAI_BASE_URL
// alone for a keyless local server (e.g. http://127.0.0.1:11434/v1 and TINYAGENT_MODEL=llama3.2).
import { createAgent, providerFromEnv, type Tool } from 'tinyagent';

const clock: Tool = {
  name: 'current_time',
  description: 'The current date and time, ISO 8601, UTC',
  parameters: { type: 'object', properties: {}, additionalProperties: false },
  readOnly: true,
  concurrencySafe: true,
  execute: async () => new Date().toISOString(),
};

const provider = providerFromEnv();
if (!provider) {
  console.error('Set ANTHROPIC_API_KEY, OPENAI_API_KEY or OPENAI_BASE_URL (see the Providers section of README.md).');
  process.exit(1);
}

const agent = createAgent({ provider, tools: [clock], limits: { maxIterations: 3 } });
agent.stream('What time is it in UTC? Use the tool, then answer in one sentence.').subscribe((event) => {
  if (event.type === 'text.delta') process.stdout.write(event.delta);
  if (event.type === 'tool.completed') console.log(`[${event.toolName}] ${event.result.content}`);
  if (event.type === 'run.completed') console.log(`\n(usage: ${JSON.stringify(event.output.usage)})`);
  if (event.type === 'run.failed') console.error(`\n[${event.error.code}] ${event.error.message}`);
});
