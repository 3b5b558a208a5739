// The conversation a Run's provider requests carry, rebuilt from its events, for the
// `gen_ai.input.messages` of chat spans when content is captured. The assistant message of a
// response is complete only once its calls have started, so it is added at the next request.
import type { RunEvent } from '../events/runEvent.js';
import type { AssistantMessage, Message } from '../types.js';

export class ConversationTranscript {
  readonly #messages: Message[];
  #assistant: AssistantMessage | undefined;
  #results: Message[] = [];

  constructor(history: readonly Message[]) {
    this.#messages = [...history];
  }

  /** Takes in what `event` adds to the conversation. */
  record(event: RunEvent): void {
    switch (event.type) {
      case 'run.started':
        this.#messages.push({ role: 'user', content: event.input });
        break;
      case 'provider.responded':
        this.#assistant = { role: 'assistant', content: event.text };
        break;
      case 'tool.started':
        if (this.#assistant) (this.#assistant.toolCalls ??= []).push({ id: event.callId, name: event.toolName, arguments: event.arguments });
        break;
      case 'tool.completed':
      case 'tool.failed': {
        const { result } = event;
        this.#results.push({ role: 'tool', toolCallId: event.callId, content: result.content, isError: result.isError === true });
        break;
      }
      default:
    }
  }

  /** The messages sent with the request that `provider.requested` announces. */
  requestMessages(): readonly Message[] {
    if (this.#assistant) {
      // Results are sent in call order, whatever order a concurrent batch finished in.
      const order = (this.#assistant.toolCalls ?? []).map((call) => call.id);
      const position = (message: Message) => order.indexOf(message.role === 'tool' ? message.toolCallId : '');
      this.#messages.push(this.#assistant, ...this.#results.sort((a, b) => position(a) - position(b)));
    }
    this.#assistant = undefined;
    this.#results = [];
    return this.#messages;
  }
}
