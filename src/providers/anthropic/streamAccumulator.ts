// Assembles an Anthropic Messages stream into the message a non-streamed request returns, so both
// go through the same mapping and give the same ProviderResponse.
import { ProviderError } from '../../errors.js';
import type { ProviderResponse } from '../../types.js';
import { AttemptFailure } from '../http/attemptFailure.js';
import { excerpt } from '../http/redact.js';
import { parseEventData, type EventSourceMessage } from '../http/sse.js';
import { mapAnthropicMessage, refusalExplanation } from './mapResponse.js';
import type { AnthropicResponseBlock, AnthropicStopDetails, AnthropicStreamEvent, AnthropicUsage } from './wire.js';

/** Stream error types worth another attempt (if no text reached the caller yet). */
const RETRYABLE_ERRORS: ReadonlySet<string> = new Set(['overloaded_error', 'api_error', 'rate_limit_error']);

export class AnthropicStreamAccumulator {
  /** Content blocks by their `index`. */
  private readonly blocks: AnthropicResponseBlock[] = [];
  /** `input_json_delta` pieces of tool_use blocks, by block index. */
  private readonly partialJson = new Map<number, string>();
  private stopReason: string | null = null;
  private stopDetails: AnthropicStopDetails | null = null;
  private usage: AnthropicUsage | null = null;
  private started = false;
  private textEmitted = false;
  private done = false;

  constructor(private readonly emitText: (delta: string) => void) {}

  /** Takes one event; returns `'stop'` at `message_stop`. */
  readonly push = (event: EventSourceMessage): 'stop' | void => {
    const data = parseEventData(event) as AnthropicStreamEvent;
    switch (data.type ?? event.event) {
      case 'message_start':
        // A second message inside one response would merge two answers (and their tool calls'
        // arguments) into one: the response is broken, not something to assemble.
        if (this.started) throw new ProviderError('Stream is malformed: a second message_start before message_stop');
        this.started = true;
        this.usage = { ...data.message?.usage };
        return;
      case 'content_block_start':
        if (data.index !== undefined && data.content_block) {
          this.blocks[data.index] = { ...data.content_block };
          // The block's input is built from its own deltas only.
          this.partialJson.delete(data.index);
        }
        return;
      case 'content_block_delta':
        this.applyDelta(data);
        return;
      case 'content_block_stop':
        if (data.index !== undefined) this.finishBlock(data.index);
        return;
      case 'message_delta':
        if (data.delta?.stop_reason !== undefined) this.stopReason = data.delta.stop_reason;
        if (data.delta?.stop_details) this.refuse(data.delta.stop_details);
        // Counts here are cumulative; they replace those of message_start.
        if (data.usage) this.usage = { ...this.usage, ...withoutNulls(data.usage) };
        return;
      case 'message_stop':
        this.done = true;
        return 'stop';
      case 'error': {
        const type = data.error?.type ?? 'error';
        throw new AttemptFailure(`stream error ${type}: ${data.error?.message ?? ''}`, {
          retryable: RETRYABLE_ERRORS.has(type),
          body: excerpt(event.data),
        });
      }
      default:
        return; // ping, and event types added later
    }
  };

  private applyDelta(data: AnthropicStreamEvent): void {
    const block = data.index === undefined ? undefined : this.blocks[data.index];
    if (!block || data.index === undefined) return;
    if (data.delta?.type === 'text_delta' && typeof data.delta.text === 'string') {
      block.text = (block.text ?? '') + data.delta.text;
      if (data.delta.text !== '') this.textEmitted = true;
      this.emitText(data.delta.text);
    } else if (data.delta?.type === 'input_json_delta' && typeof data.delta.partial_json === 'string') {
      this.partialJson.set(data.index, (this.partialJson.get(data.index) ?? '') + data.delta.partial_json);
    }
  }

  /** A refusal's explanation is the answer's text when the model wrote none: it streams as text too. */
  private refuse(details: AnthropicStopDetails): void {
    this.stopDetails = details;
    const explanation = this.stopReason === 'refusal' && !this.textEmitted ? refusalExplanation(details) : '';
    if (explanation !== '') this.emitText(explanation);
  }

  /** A tool_use block's input is its assembled JSON; JSON that does not parse stays a string. */
  private finishBlock(index: number): void {
    const block = this.blocks[index];
    const json = this.partialJson.get(index);
    this.partialJson.delete(index);
    if (!block || block.type !== 'tool_use' || json === undefined || json.trim() === '') return;
    try {
      block.input = JSON.parse(json) as unknown;
    } catch {
      block.input = json;
    }
  }

  /** The assembled response; a stream that ends before `message_stop` is a ProviderError. */
  finish(): ProviderResponse {
    if (!this.done) throw new ProviderError('Stream ended before message_stop');
    for (const index of [...this.partialJson.keys()]) this.finishBlock(index);
    return mapAnthropicMessage({
      content: this.blocks.filter((block) => block !== undefined),
      stop_reason: this.stopReason,
      stop_details: this.stopDetails,
      usage: this.usage,
    });
  }
}

function withoutNulls(usage: AnthropicUsage): AnthropicUsage {
  return Object.fromEntries(Object.entries(usage).filter(([, value]) => value !== null && value !== undefined));
}
