// Assembles an OpenAI chat completion stream into the completion a non-streamed request returns,
// so both go through the same mapping and give the same ProviderResponse.
import { ProviderError } from '../../errors.js';
import type { ProviderResponse } from '../../types.js';
import { parseEventData, type EventSourceMessage } from '../http/sse.js';
import { mapOpenAICompletion } from './mapResponse.js';
import type { OpenAIChunk, OpenAIResponseToolCall, OpenAIToolCallDelta, OpenAIUsage } from './wire.js';

interface PartialToolCall {
  id?: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export class OpenAIStreamAccumulator {
  private content: string | null = null;
  /** `delta.refusal` pieces: the model declined, and says so in these instead of `content`. */
  private refusal: string | null = null;
  /** Tool calls by their `index`; `id` and `name` come with the first delta, arguments in pieces. */
  private readonly toolCalls = new Map<number, PartialToolCall>();
  private finishReason: string | null = null;
  private usage: OpenAIUsage | null = null;
  private done = false;

  constructor(private readonly emitText: (delta: string) => void) {}

  /** Takes one event; returns `'stop'` at `[DONE]`. */
  readonly push = (event: EventSourceMessage): 'stop' | void => {
    if (event.data.trim() === '[DONE]') {
      this.done = true;
      return 'stop';
    }
    const chunk = parseEventData(event) as OpenAIChunk;
    if (chunk.error) {
      throw new ProviderError(`Stream reported an error: ${chunk.error.message ?? JSON.stringify(chunk.error)}`);
    }
    if (chunk.usage) this.usage = chunk.usage;
    // Only the first choice is mapped (the adapter never asks for `n > 1`).
    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue;
      const text = choice.delta?.content;
      if (typeof text === 'string' && text !== '') {
        this.content = (this.content ?? '') + text;
        this.emitText(text);
      }
      const refusal = choice.delta?.refusal;
      if (typeof refusal === 'string' && refusal !== '') {
        this.refusal = (this.refusal ?? '') + refusal;
        this.emitText(refusal);
      }
      for (const delta of choice.delta?.tool_calls ?? []) this.addToolCallDelta(delta);
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
  };

  private addToolCallDelta(delta: OpenAIToolCallDelta): void {
    const index = delta.index ?? 0;
    let call = this.toolCalls.get(index);
    if (!call) {
      call = { type: 'function', function: { name: '', arguments: '' } };
      this.toolCalls.set(index, call);
    }
    if (delta.id) call.id = delta.id;
    if (delta.function?.name && call.function.name === '') call.function.name = delta.function.name;
    if (delta.function?.arguments) call.function.arguments += delta.function.arguments;
  }

  /**
   * The assembled response. A stream is complete at `[DONE]`, or (for servers that omit it)
   * once a finish reason arrived; one that ends before either is a ProviderError.
   */
  finish(): ProviderResponse {
    if (!this.done && this.finishReason === null) {
      throw new ProviderError('Stream ended before [DONE] or a finish_reason');
    }
    const toolCalls: OpenAIResponseToolCall[] = [...this.toolCalls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, call]) => call);
    const message = { content: this.content, refusal: this.refusal, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
    return mapOpenAICompletion({ choices: [{ message, finish_reason: this.finishReason }], usage: this.usage });
  }
}
