// One error hierarchy: every error the runtime throws has a stable `code`, a message,
// an optional `cause` and optional typed `details`. Tool failures are not errors: they
// are error-marked ToolResults.
import type { RegistrationErrorCode, RunErrorCode, SessionErrorCode } from './codes.js';
import type { RunOutput } from './types.js';

export interface TinyAgentErrorOptions<Details> {
  cause?: unknown;
  details?: Details;
}

/**
 * Base class of every error tinyagent throws.
 * @example
 * try {
 *   await agent.run('Hi', { sessionId: 'not a valid id' });
 * } catch (error) {
 *   if (error instanceof TinyAgentError) console.error(`[${error.code}] ${error.message}`);
 *   else throw error;
 * }
 */
export class TinyAgentError<Code extends string = string, Details = unknown> extends Error {
  readonly code: Code;
  readonly details: Details | undefined;

  constructor(code: Code, message: string, options: TinyAgentErrorOptions<Details> = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.details = options.details;
  }
}

/** What a `ToolRegistrationError` knows beyond its message. */
export interface ToolRegistrationErrorDetails {
  /** The refused tool's name, when it has a usable one. */
  toolName?: string;
  /**
   * Keywords of the schema that JSON Schema does not define (`invalid_tool_schema`). A caller
   * that must accept third-party schemas (the MCP module) may remove them from its copy and
   * register again.
   */
  unknownKeywords?: string[];
}

/**
 * `ToolRegistry.register` refused a tool; the registry is unchanged.
 * @example
 * import { ToolRegistry } from './tools/registry.js';
 * try {
 *   new ToolRegistry().register({ name: 'no spaces allowed', description: 'x', parameters: { type: 'object' }, execute: async () => '' });
 * } catch (error) {
 *   if (error instanceof ToolRegistrationError) console.error(error.code, error.details?.toolName); // 'invalid_tool_name'
 * }
 */
export class ToolRegistrationError extends TinyAgentError<RegistrationErrorCode, ToolRegistrationErrorDetails> {}

/**
 * A Run did not complete; `output` is its RunOutput. `agent.run` rejects with it on a limit, a
 * cancel, a provider failure or a session failure.
 * @example
 * import { RunErrorCode } from './codes.js';
 * try {
 *   const output = await agent.run('Tidy up the logs', { signal: AbortSignal.timeout(60_000) });
 *   console.log(output.text);
 * } catch (error) {
 *   if (!(error instanceof RunError)) throw error;
 *   if (error.code === RunErrorCode.cancelled) console.error('stopped after', error.output.iterations, 'tool batches');
 *   else console.error(`[${error.code}] ${error.message}`);
 * }
 */
export class RunError extends TinyAgentError<RunErrorCode | string, undefined> {
  readonly output: RunOutput;

  constructor(code: string, message: string, output: RunOutput, options: { cause?: unknown } = {}) {
    super(code, message, options);
    this.output = output;
  }
}

/**
 * A session could not be read or written, or its id is not acceptable.
 * @example
 * import { MemorySessionStore } from './session/memorySessionStore.js';
 * await new MemorySessionStore().load('../etc').catch((error) => error instanceof SessionError && error.code) // 'invalid_session_id'
 */
export class SessionError extends TinyAgentError<SessionErrorCode, { sessionId?: string; line?: number }> {}

/** Details a provider adapter attaches to a failed request. Never holds credentials. */
export interface ProviderErrorDetails {
  status?: number;
  /** A short excerpt of the response body. */
  body?: string;
  attempts?: number;
}

/**
 * A provider request failed or returned something the runtime cannot map to messages.
 * @example
 * const error = new ProviderError('OpenAI request failed after 3 attempts: HTTP 503', { details: { status: 503, attempts: 3 } });
 * error.code // 'provider_error'
 */
export class ProviderError extends TinyAgentError<'provider_error', ProviderErrorDetails> {
  constructor(message: string, options: TinyAgentErrorOptions<ProviderErrorDetails> = {}) {
    super('provider_error', message, options);
  }
}

/**
 * An option passed to a tinyagent function is missing or out of range.
 * @example
 * import { resolveLimits } from './limits.js';
 * try {
 *   resolveLimits({ maxIterations: -1 });
 * } catch (error) {
 *   if (error instanceof ConfigurationError) console.error(error.message); // limits.maxIterations must be an integer >= 0, got -1
 * }
 */
export class ConfigurationError extends TinyAgentError<'invalid_option', undefined> {
  constructor(message: string, options?: { cause?: unknown }) {
    super('invalid_option', message, options);
  }
}
