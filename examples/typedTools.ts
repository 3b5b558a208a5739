// `npx tsx examples/typedTools.ts`: defineTool with a JSON Schema literal and with a zod 4
// schema; the argument types of `execute` come from the schemas. Offline (scripted model).
import { z } from 'zod';
import { createAgent, defineTool } from 'tinyagent';
import { createScriptedProvider } from 'tinyagent/testing';

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

const weather = defineTool({
  name: 'weather',
  description: 'The weather in a city for the next days',
  parameters: z.object({
    city: z.string().min(1),
    days: z.number().int().min(1).max(7).default(3),
  }),
  execute: async ({ city, days }) => `Sunny in ${city} for ${days} days`, // days: number (the default applied)
});

const provider = createScriptedProvider([
  {
    toolCalls: [
      { id: 'c1', name: 'add', arguments: '{"a":2,"b":40}' },
      { id: 'c2', name: 'weather', arguments: '{"city":"Oslo"}' },
    ],
  },
  (request) => ({ text: request.messages.filter((m) => m.role === 'tool').map((m) => m.content).join(' | ') }),
]);

const agent = createAgent({ provider, tools: [add, weather], instructions: 'Use the tools.' });
console.log(JSON.stringify(weather.parameters));
console.log((await agent.run('What is 2 + 40, and the weather in Oslo?')).text);
