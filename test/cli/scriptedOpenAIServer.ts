// A local OpenAI-compatible server on 127.0.0.1 that answers each chat request with the next
// scripted turn (streamed as SSE, or JSON when the request does not stream), and records
// every request body. The CLI under test reaches it through OPENAI_BASE_URL.
import { startFakeServer, type Handler } from '../providers/fakeServer.js';

export type Turn =
  | { text: string }
  | { calls: { id: string; name: string; args: unknown }[]; text?: string }
  | { status: number; body: string };

export interface ScriptedServer {
  /** `http://127.0.0.1:<port>/v1` */
  baseURL: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  requests: any[];
  close(): Promise<void>;
}

const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function chunk(delta: object, finish: string | null, withUsage = false): string {
  const body = { id: 'chatcmpl-test', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }], usage: withUsage ? usage : null };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function sseFor(turn: Exclude<Turn, { status: number }>): string {
  let out = chunk({ role: 'assistant', content: '' }, null);
  const text = 'text' in turn && turn.text ? turn.text : '';
  // Split text in two deltas so streaming is visible.
  if (text !== '') {
    const half = Math.ceil(text.length / 2);
    out += chunk({ content: text.slice(0, half) }, null) + chunk({ content: text.slice(half) }, null);
  }
  const calls = 'calls' in turn ? turn.calls : [];
  calls.forEach((call, index) => {
    const args = typeof call.args === 'string' ? call.args : JSON.stringify(call.args);
    out += chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: args } }] }, null);
  });
  out += chunk({}, calls.length > 0 ? 'tool_calls' : 'stop', true);
  return `${out}data: [DONE]\n\n`;
}

function jsonFor(turn: Exclude<Turn, { status: number }>): string {
  const calls = 'calls' in turn ? turn.calls : [];
  const message = {
    role: 'assistant',
    content: 'text' in turn && turn.text ? turn.text : null,
    tool_calls: calls.length === 0 ? undefined : calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: typeof call.args === 'string' ? call.args : JSON.stringify(call.args) } })),
  };
  return JSON.stringify({ id: 'chatcmpl-test', object: 'chat.completion', created: 0, model: 'test-model', choices: [{ index: 0, message, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop' }], usage });
}

/** Answers one chat request with one scripted turn, streamed when the request streams. */
function answer(turn: Turn): Handler {
  return (request, response) => {
    if ('status' in turn) return void response.writeHead(turn.status, { 'content-type': 'application/json' }).end(turn.body);
    if ((request.body as { stream?: boolean }).stream) response.writeHead(200, { 'content-type': 'text/event-stream' }).end(sseFor(turn));
    else response.writeHead(200, { 'content-type': 'application/json' }).end(jsonFor(turn));
  };
}

/**
 * Starts a server (the provider tests' fake server) that plays `turns` in order, with a loud
 * 500 past the end.
 * @example const server = await startScriptedServer([{ text: 'hello' }]);
 */
export async function startScriptedServer(turns: Turn[]): Promise<ScriptedServer> {
  const server = await startFakeServer(turns.map(answer));
  return {
    baseURL: `${server.origin}/v1`,
    get requests() {
      return server.requests.map((request) => request.body);
    },
    close: () => server.close(),
  };
}
