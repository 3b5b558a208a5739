// The scripted model of the offline demo: it looks around, reads package.json, and answers
// from what the tools really returned.
import type { Message } from 'tinyagent';
import { createScriptedProvider, type ScriptedProvider } from 'tinyagent/testing';

const lastToolResults = (messages: readonly Message[]) => {
  const results: string[] = [];
  for (let i = messages.length - 1; i >= 0 && messages[i]!.role === 'tool'; i--) results.unshift(messages[i]!.content);
  return results;
};

/** A provider that asks for two batches of read-only calls (one refused), then answers. */
export function demoScript(): ScriptedProvider {
  return createScriptedProvider([
    {
      text: 'Let me look at the top level and the sources.',
      toolCalls: [
        { id: 'call_1', name: 'list_files', arguments: '{"pattern":"*"}' },
        { id: 'call_2', name: 'list_files', arguments: '{"pattern":"*","path":"src"}' },
      ],
      finishReason: 'tool_calls',
    },
    {
      toolCalls: [
        { id: 'call_3', name: 'read_file', arguments: { path: 'package.json' } },
        { id: 'call_4', name: 'read_file', arguments: '{"path":"../outside.txt"}' },
      ],
      finishReason: 'tool_calls',
    },
    (request) => {
      const [pkg = ''] = lastToolResults(request.messages);
      // Read the fields, not the whole JSON: the result may have been cut to maxOutputChars.
      const field = (key: string) => new RegExp(`"${key}":\\s*"([^"]*)"`).exec(pkg)?.[1];
      const [name, description] = [field('name'), field('description')];
      const sources = request.messages.filter((m) => m.role === 'tool')[1]?.content.split('\n').length ?? 0;
      return { text: `This is ${name}: ${description} Its src/ folder has ${sources} entries.`, finishReason: 'stop' };
    },
  ]);
}
