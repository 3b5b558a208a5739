// The provider and tools of one Scenario, and what they saw: which calls executed, in which
// order, how many ran at once, which settled before the cancel. Gated calls and the targeted
// provider request wait until the driver acts, so every Run goes the same way each time.
import {
  MemorySessionStore,
  type JsonSchemaObject,
  type Message,
  type ProviderCallOptions,
  type ProviderResponse,
  type SessionStore,
  type Tool,
  type ToolCallRequest,
  type ToolContext,
} from '../../src/index.js';
import { createScriptedProvider, type ScriptStep, type ScriptedProvider } from '../../src/testing.js';
import { deferred, type Deferred } from '../helpers/deferred.js';
import { REGISTERED_TOOLS, type ArgsForm, type PlannedCall, type PlannedResponse, type Scenario, type ToolOutcome } from './scenario.js';

const parameters: JsonSchemaObject = { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false };

const ARGUMENTS: Record<ArgsForm, ToolCallRequest['arguments']> = {
  validJson: '{"n":1}',
  validObject: { n: 2 },
  emptyString: '',
  blankString: ' \n\t',
  invalidJson: '{"n":',
  arrayJson: '[1,2]',
  numberJson: '42',
  schemaInvalidJson: '{"n":"one"}',
  schemaInvalidObject: { extra: true },
};

/** The call as the provider sends it. */
export function toolCallOf(call: PlannedCall): ToolCallRequest {
  return { id: call.id, name: call.tool, arguments: ARGUMENTS[call.args] };
}

/** Longer than the limit, with surrogate pairs a careless cut would split. */
export function stringOverLimit(maxOutputChars: number, extraChars: number): string {
  return 'ab😀'.repeat(Math.ceil((maxOutputChars + extraChars) / 4));
}

/** One execution of a tool, as the tool saw it. */
export interface Execution {
  callId: string;
  iteration: number;
  /** Position among all executions of the Run. */
  order: number;
  /** `before`: its promise settled before the cancel (or there was none); `after`; or still running. */
  settled: 'before' | 'after' | 'running';
}

export class ScenarioWorld {
  readonly provider: ScriptedProvider;
  readonly tools: Tool[];
  /** The session store the Run appends to; its appends wait for the test when writes are gated. */
  readonly store: SessionStore;
  /** Where the store keeps what it was given. */
  readonly memory = new MemorySessionStore();
  readonly executions = new Map<string, Execution>();
  /** Problems seen while running, reported by the test afterwards. */
  readonly problems: string[] = [];
  /** Highest number of executions of one batch running at once, by iteration. */
  readonly maxRunning = new Map<number, number>();
  /** The signal of each provider request, by request index. */
  readonly providerSignals: AbortSignal[] = [];
  cancelled = false;
  /** Index of the targeted provider request while it is pending. */
  pendingRequest: number | undefined;
  /** The gated session append waiting for the test, with its index among the Run's appends. */
  pendingWrite: { index: number; release: () => void } | undefined;
  private writes = 0;
  private readonly calls: Map<string, PlannedCall>;
  private readonly gates = new Map<string, Deferred<void>>();
  private readonly running = new Map<number, number>();

  constructor(private readonly scenario: Scenario) {
    this.calls = new Map(scenario.responses.flatMap((response) => (response.kind === 'toolCalls' ? response.calls : [])).map((call) => [call.id, call]));
    this.provider = createScriptedProvider(scenario.responses.map((response, index) => this.step(response, index)));
    this.tools = REGISTERED_TOOLS.map((name) => ({
      name,
      description: `Scenario tool ${name}`,
      parameters,
      ...scenario.flags[name],
      // A non-result is part of what is generated: the runtime must cope with it.
      execute: (_args: Record<string, unknown>, ctx: ToolContext) => this.execute(ctx) as Promise<string>,
    }));
    this.store = { load: (id) => this.memory.load(id), append: (id, messages) => this.append(id, messages) };
  }

  /** Gated calls still waiting for the test. */
  waiting(): string[] {
    return [...this.gates.keys()];
  }

  /** Waiting calls the driver may release now: all before the cancel; after it, those that finish within the grace. */
  releasable(): string[] {
    return this.waiting().filter((id) => !this.cancelled || this.calls.get(id)?.onAbort === 'finishesWithinGrace');
  }

  release(callId: string): void {
    this.gates.get(callId)?.resolve();
  }

  /** Whether a gated call of batch `iteration` is still running. */
  batchWaiting(iteration: number): boolean {
    return this.waiting().some((id) => this.executions.get(id)?.iteration === iteration);
  }

  private async append(sessionId: string, messages: readonly Message[]): Promise<void> {
    const index = this.writes++;
    if (this.scenario.sessionWrites === 'gated') {
      const gate = deferred();
      this.pendingWrite = { index, release: gate.resolve };
      await gate.promise;
      this.pendingWrite = undefined;
    }
    await this.memory.append(sessionId, messages);
  }

  private step(response: PlannedResponse, index: number): ScriptStep {
    const cancel = this.scenario.cancel;
    return (_request, options) => {
      this.providerSignals[index] = options.signal;
      if (cancel.at === 'providerRequest' && cancel.request === index) return this.pendingProviderRequest(index, options, cancel.providerHonoursAbort);
      return providerResponse(response);
    };
  }

  private pendingProviderRequest(index: number, options: ProviderCallOptions, honoursAbort: boolean): Promise<ProviderResponse> {
    this.pendingRequest = index;
    return new Promise((_resolve, reject) => {
      if (!honoursAbort) return; // settles never: the Run must not wait for it
      options.signal.addEventListener('abort', () => reject(options.signal.reason), { once: true });
    });
  }

  private async execute(ctx: ToolContext): Promise<unknown> {
    const call = this.calls.get(ctx.callId);
    if (!call) throw new Error(`execute called for a call the script never made: ${ctx.callId}`);
    if (this.cancelled) this.problems.push(`${ctx.callId} started after the cancel`);
    if (this.executions.has(ctx.callId)) this.problems.push(`${ctx.callId} executed twice`);
    const execution: Execution = { callId: ctx.callId, iteration: ctx.iteration, order: this.executions.size, settled: 'running' };
    this.executions.set(ctx.callId, execution);
    const running = (this.running.get(ctx.iteration) ?? 0) + 1;
    this.running.set(ctx.iteration, running);
    this.maxRunning.set(ctx.iteration, Math.max(running, this.maxRunning.get(ctx.iteration) ?? 0));
    try {
      if (call.timing === 'gated') await this.gate(call, ctx.signal);
      return produce(call.outcome, this.scenario.limits.maxOutputChars);
    } finally {
      execution.settled = this.cancelled ? 'after' : 'before';
      this.running.set(ctx.iteration, (this.running.get(ctx.iteration) ?? 1) - 1);
    }
  }

  private async gate(call: PlannedCall, signal: AbortSignal): Promise<void> {
    const gate = deferred();
    this.gates.set(call.id, gate);
    if (call.onAbort === 'stops') signal.addEventListener('abort', () => gate.reject(signal.reason), { once: true });
    try {
      await gate.promise;
    } finally {
      this.gates.delete(call.id);
    }
  }
}

function providerResponse(response: PlannedResponse): ProviderResponse {
  switch (response.kind) {
    case 'answer':
      return { text: response.text, ...(response.finishReason ? { finishReason: response.finishReason } : {}) };
    case 'toolCalls':
      return { text: response.text, toolCalls: response.calls.map(toolCallOf), ...(response.finishReason ? { finishReason: response.finishReason } : {}) };
    case 'providerThrows':
      throw new Error('provider unavailable');
    case 'callWithoutId':
      return { toolCalls: [{ name: 'alpha', arguments: '{}' } as ToolCallRequest] };
    case 'duplicateCallIds':
      return { toolCalls: [0, 1].map(() => ({ id: 'twice', name: 'alpha', arguments: '{}' })) };
  }
}

function produce(outcome: ToolOutcome, maxOutputChars: number): unknown {
  switch (outcome.returns) {
    case 'string':
      return outcome.text;
    case 'resultObject':
      return { content: outcome.content, isError: outcome.isError, ...(outcome.code === undefined ? {} : { code: outcome.code }) };
    case 'stringOverLimit':
      return stringOverLimit(maxOutputChars, outcome.extraChars);
    case 'nonResult':
      return outcome.value;
    case 'throws':
      throw new Error(outcome.message);
  }
}
