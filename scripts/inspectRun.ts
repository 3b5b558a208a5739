// `npx tsx scripts/inspectRun.ts [file.jsonl]`: runs a small offline agent with the file
// inspector and writes its inspection records (default .tmp/run.jsonl), to try the JSONL
// recipes of the README on a real Run.
import { createAgent, createFileInspector, type Tool } from '../src/index.js';
import { createScriptedProvider } from '../src/testing.js';

const path = process.argv[2] ?? '.tmp/run.jsonl';
const lookup: Tool<{ key: string }> = {
  name: 'lookup',
  description: 'Looks a key up',
  parameters: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'], additionalProperties: false },
  readOnly: true,
  concurrencySafe: true,
  execute: async ({ key }) => `value of ${key}`,
};
const provider = createScriptedProvider([
  { toolCalls: [{ id: 'c1', name: 'lookup', arguments: '{"key":"a"}' }, { id: 'c2', name: 'lookup', arguments: '{"key":"b"}' }] },
  { text: 'a and b looked up.' },
]);

const inspector = createFileInspector({ path });
const agent = createAgent({ provider, tools: [lookup as Tool], inspect: inspector.inspect });
const output = await agent.run('Look up a and b.');
await inspector.close();
console.log(`${output.status}: ${inspector.records} inspection records in ${path}`);
