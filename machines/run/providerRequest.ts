// The request a Run sends its provider: instructions first (never persisted), then the session
// history, then this Run's messages so far; the tools offered are the environment's.
import type { Message, ProviderRequest } from '../../src/types.js';
import type { RunContext } from './runContext.js';
import type { RunEnvironment } from './runEnvironment.js';

/**
 * Builds the next provider request of a Run.
 * @example
 * import type { RunContext } from './runContext.js';
 * import type { RunEnvironment } from './runEnvironment.js';
 * declare const context: RunContext;
 * declare const environment: RunEnvironment; // with instructions: 'Be brief.'
 * providerRequest(context, environment).messages[0] // { role: 'system', content: 'Be brief.' }
 */
export function providerRequest(context: RunContext, environment: RunEnvironment): ProviderRequest {
  const { instructions } = environment;
  const text = typeof instructions === 'function' ? instructions({ runId: context.runId, input: context.inputText, iterations: context.iterations }) : instructions;
  const system: Message[] = typeof text === 'string' && text !== '' ? [{ role: 'system', content: text }] : [];
  return { messages: [...system, ...context.history, ...context.messages], tools: environment.tools.specs };
}
