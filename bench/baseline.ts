// The physical limit: a bare hand-written agent loop with the same providers and tools.
// Per call it does what any runtime must (JSON.parse, a precompiled Ajv validator, await
// execute, push the result) and nothing else: no events, limits, cut, session or actors.
import { Ajv, type ValidateFunction } from 'ajv';
import type { Message, Provider, Tool, ToolCallRequest, ToolContext, ToolSpec } from '../src/index.js';

interface BareTool {
  tool: Tool<never>;
  validate: ValidateFunction;
  parallel: boolean;
}

/** A bare loop over a fixed set of tools, with validators compiled once. */
export class BareLoop {
  private readonly byName = new Map<string, BareTool>();
  private readonly specs: ToolSpec[];
  private readonly signal = new AbortController().signal;

  constructor(
    tools: readonly Tool<never>[],
    private readonly maxConcurrency = 10,
  ) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const tool of tools) {
      this.byName.set(tool.name, { tool, validate: ajv.compile(tool.parameters), parallel: tool.readOnly === true && tool.concurrencySafe === true });
    }
    this.specs = tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
  }

  /** Runs until the provider answers without calls; resolves with the messages. */
  async run(provider: Provider, input: string): Promise<Message[]> {
    const messages: Message[] = [{ role: 'user', content: input }];
    for (;;) {
      const response = await provider.complete({ messages, tools: this.specs }, { signal: this.signal });
      const calls = response.toolCalls ?? [];
      messages.push({ role: 'assistant', content: response.text ?? '', toolCalls: calls });
      if (calls.length === 0) return messages;
      const results: Message[] = new Array(calls.length);
      if (calls.every((c) => this.byName.get(c.name)?.parallel)) {
        let next = 0;
        const worker = async () => {
          while (next < calls.length) {
            const index = next++;
            results[index] = await this.call(calls[index]!);
          }
        };
        await Promise.all(Array.from({ length: Math.min(this.maxConcurrency, calls.length) }, worker));
      } else {
        for (let i = 0; i < calls.length; i++) results[i] = await this.call(calls[i]!);
      }
      for (const result of results) messages.push(result);
    }
  }

  private async call(call: ToolCallRequest): Promise<Message> {
    const bare = this.byName.get(call.name);
    if (!bare) return { role: 'tool', toolCallId: call.id, content: 'unknown tool', isError: true };
    let args: unknown;
    try {
      args = typeof call.arguments === 'string' ? JSON.parse(call.arguments) : call.arguments;
    } catch (error) {
      return { role: 'tool', toolCallId: call.id, content: `invalid JSON: ${(error as Error).message}`, isError: true };
    }
    if (!bare.validate(args)) return { role: 'tool', toolCallId: call.id, content: JSON.stringify(bare.validate.errors), isError: true };
    const ctx: ToolContext = { runId: 'bare', callId: call.id, toolName: call.name, iteration: 0, signal: this.signal, idempotencyKey: call.id };
    const content = await (bare.tool as Tool).execute(args as Record<string, unknown>, ctx);
    return { role: 'tool', toolCallId: call.id, content: typeof content === 'string' ? content : content.content, isError: false };
  }
}
