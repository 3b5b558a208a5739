// One Run's spans, derived from its events (docs/tracing.md): `invoke_agent {agent}` for the
// Run, a `chat {model}` CLIENT span per provider request and an `execute_tool {tool}` span per
// call under it. Every span is started with an explicit parent context and the time of the
// event that opened it, and ended with the time of the event that closed it, so no context
// manager is needed and the spans' timings are the Run's own clock.
import type { Attributes, Context, Span, SpanContext, Tracer } from '@opentelemetry/api';
import type { RunEvent, RunEventType } from '../events/runEvent.js';
import type { Message, ProviderInfo, RunOutput, Usage } from '../types.js';
import { ConversationTranscript } from './conversationTranscript.js';
import { Attr, Operation, SpanEventName } from './genAiConventions.js';
import { genAiMessagesJson } from './genAiMessages.js';
import type { OpenTelemetryApi } from './openTelemetryApi.js';
import { forgetToolCallTraceparent, rememberToolCallTraceparent } from './toolCallTraceparent.js';
import { anchorSpanIdOfRun, formatTraceparent, traceIdOfRun, type TraceContextIds } from './traceIds.js';

/** What a RunTracer knows besides the Run's events. */
export interface RunTracerSetup {
  api: OpenTelemetryApi;
  tracer: Tracer;
  agentName: string;
  captureContent: boolean;
  provider?: ProviderInfo;
  sessionId?: string;
  /** The span the Run nests under (a sub-agent's caller); without it, the Run's derived anchor. */
  parent?: TraceContextIds;
  /** The messages sent before the Run's input, for captured chat input. */
  history?: readonly Message[];
  /** The description of a registered tool, for `gen_ai.tool.description`. */
  toolDescription?: (name: string) => string | undefined;
}

const W3C_SAMPLED = 1;
type ToolSpanEvent = Extract<RunEvent, { type: 'tool.started' | 'tool.completed' | 'tool.failed' }>;
const TERMINAL: ReadonlySet<RunEventType> = new Set(['run.completed', 'run.failed', 'run.cancelled']);

function usageAttributes(usage: Usage | undefined): Attributes {
  if (!usage) return {};
  const attributes: Attributes = { [Attr.inputTokens]: usage.inputTokens, [Attr.outputTokens]: usage.outputTokens };
  if (usage.cacheReadTokens !== undefined) attributes[Attr.cacheReadTokens] = usage.cacheReadTokens;
  if (usage.cacheWriteTokens !== undefined) attributes[Attr.cacheWriteTokens] = usage.cacheWriteTokens;
  return attributes;
}

function providerAttributes(provider: ProviderInfo | undefined): Attributes {
  if (!provider) return {};
  const attributes: Attributes = { [Attr.providerName]: provider.name };
  if (provider.model !== undefined) attributes[Attr.requestModel] = provider.model;
  return attributes;
}

/** The Run's events in, its spans out: an observer of `runEvents(actor)`. */
export class RunTracer {
  readonly #setup: RunTracerSetup;
  readonly #transcript: ConversationTranscript | undefined;
  #runId: string | undefined;
  #root: Span | undefined;
  #rootContext: Context | undefined;
  #chat: Span | undefined;
  readonly #tools = new Map<string, Span>();
  #ended = false;

  constructor(setup: RunTracerSetup) {
    this.#setup = setup;
    this.#transcript = setup.captureContent ? new ConversationTranscript(setup.history ?? []) : undefined;
  }

  /** Takes one event of the Run; the terminal one ends every span. */
  next(event: RunEvent): void {
    // A sub-agent's events in its parent's stream: the sub-agent's own tracer spans them.
    if (this.#ended || event.parentRunId !== undefined) return;
    const root = this.#rootFor(event);
    this.#transcript?.record(event);
    switch (event.type) {
      case 'run.started':
        if (this.#transcript) root.setAttribute(Attr.inputMessages, genAiMessagesJson([{ role: 'user', content: event.input }]));
        return;
      case 'provider.requested':
        return this.#startChat(event.time, event.iterations);
      case 'provider.responded':
        return this.#endChat(event);
      case 'tool.started':
        return this.#startTool(event);
      case 'tool.approval_requested':
        return void this.#tools.get(event.callId)?.addEvent(SpanEventName.approvalRequested, event.time);
      case 'tool.approval_resolved': {
        const attributes: Attributes = { [Attr.approved]: event.approved };
        if (event.reason !== undefined) attributes[Attr.approvalReason] = event.reason;
        return void this.#tools.get(event.callId)?.addEvent(SpanEventName.approvalResolved, attributes, event.time);
      }
      case 'tool.hook_decided': {
        const attributes: Attributes = { [Attr.hookName]: event.hook, [Attr.hookDecision]: event.decision };
        if (event.reason !== undefined) attributes[Attr.hookReason] = event.reason;
        return void this.#tools.get(event.callId)?.addEvent(SpanEventName.hookDecided, attributes, event.time);
      }
      case 'tool.completed':
      case 'tool.failed':
        return this.#endTool(event);
      default:
        if (TERMINAL.has(event.type) && 'output' in event) this.#endRun(event.output, event.time);
    }
  }

  /** The event stream ended without a terminal event (the actor was stopped): the Run was cut off. */
  complete(): void {
    if (this.#ended || !this.#root) return;
    this.#ended = true;
    const now = Date.now();
    this.#chat?.setAttribute(Attr.errorType, 'cancelled');
    this.#chat?.end(now);
    for (const [callId, span] of this.#tools) this.#endSpanCancelled(callId, span, now);
    this.#fail(this.#root, 'cancelled', 'The Run actor was stopped before the Run ended');
    this.#root.end(now);
  }

  /** The Run's root span, started with the first event seen (a resumed Run emits no run.started). */
  #rootFor(event: RunEvent): Span {
    if (this.#root) return this.#root;
    const { api, tracer, agentName, sessionId } = this.#setup;
    this.#runId = event.runId;
    const attributes: Attributes = {
      [Attr.operationName]: Operation.invokeAgent,
      [Attr.agentName]: agentName,
      [Attr.runId]: event.runId,
      ...providerAttributes(this.#setup.provider),
    };
    if (sessionId !== undefined) attributes[Attr.conversationId] = sessionId;
    const parent: SpanContext = { ...(this.#setup.parent ?? this.#anchorOf(event.runId)), isRemote: true };
    const parentContext = api.trace.setSpanContext(api.ROOT_CONTEXT, parent);
    const root = tracer.startSpan(`${Operation.invokeAgent} ${agentName}`, { kind: api.SpanKind.INTERNAL, attributes, startTime: event.time }, parentContext);
    this.#root = root;
    this.#rootContext = api.trace.setSpan(api.ROOT_CONTEXT, root);
    return root;
  }

  #anchorOf(runId: string): TraceContextIds {
    return { traceId: traceIdOfRun(runId), spanId: anchorSpanIdOfRun(runId), traceFlags: W3C_SAMPLED };
  }

  #startChat(time: number, iterations: number): void {
    const { api, tracer, provider } = this.#setup;
    const attributes: Attributes = { [Attr.operationName]: Operation.chat, [Attr.iteration]: iterations + 1, ...providerAttributes(provider) };
    if (provider?.temperature !== undefined) attributes[Attr.requestTemperature] = provider.temperature;
    if (provider?.maxTokens !== undefined) attributes[Attr.requestMaxTokens] = provider.maxTokens;
    if (this.#transcript) attributes[Attr.inputMessages] = genAiMessagesJson(this.#transcript.requestMessages());
    const name = provider?.model === undefined ? Operation.chat : `${Operation.chat} ${provider.model}`;
    this.#chat = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes, startTime: time }, this.#rootContext);
  }

  #endChat(event: Extract<RunEvent, { type: 'provider.responded' }>): void {
    const chat = this.#chat;
    if (!chat) return;
    this.#chat = undefined;
    chat.setAttributes(usageAttributes(event.usage));
    if (event.finishReason) chat.setAttribute(Attr.finishReasons, [event.finishReason]);
    if (this.#transcript) chat.setAttribute(Attr.outputMessages, genAiMessagesJson([{ role: 'assistant', content: event.text }]));
    chat.end(event.time);
  }

  #startTool(event: Extract<RunEvent, { type: 'tool.started' }>): void {
    this.#openTool(event, event.time);
  }

  #openTool(event: ToolSpanEvent, startTime: number): Span {
    const { api, tracer, toolDescription } = this.#setup;
    const attributes: Attributes = {
      [Attr.operationName]: Operation.executeTool,
      [Attr.toolName]: event.toolName,
      [Attr.toolCallId]: event.callId,
      [Attr.toolType]: 'function',
      [Attr.iteration]: event.iteration,
    };
    const description = toolDescription?.(event.toolName);
    if (description !== undefined) attributes[Attr.toolDescription] = description;
    if (this.#transcript && event.type === 'tool.started') attributes[Attr.toolArguments] = typeof event.arguments === 'string' ? event.arguments : JSON.stringify(event.arguments);
    const span = tracer.startSpan(`${Operation.executeTool} ${event.toolName}`, { kind: api.SpanKind.INTERNAL, attributes, startTime }, this.#rootContext);
    this.#tools.set(event.callId, span);
    rememberToolCallTraceparent(event.runId, event.callId, formatTraceparent(span.spanContext()));
    return span;
  }

  /** A call whose start this tracer did not see (it started before the Run was restored) gets its span now. */
  #endTool(event: Extract<RunEvent, { type: 'tool.completed' | 'tool.failed' }>): void {
    const { callId, result, time } = event;
    const span = this.#tools.get(callId) ?? this.#openTool(event, time - event.durationMs);
    this.#tools.delete(callId);
    forgetToolCallTraceparent(this.#runId ?? '', callId);
    if (result.truncated) span.addEvent(SpanEventName.outputTruncated, { [Attr.outputChars]: result.content.length }, time);
    if (this.#transcript) span.setAttribute(Attr.toolResult, result.content);
    if (result.isError) {
      const code = result.code ?? 'tool_error';
      // A result's text may hold what the tool read: it is content, recorded only when captured.
      this.#fail(span, code, this.#transcript ? result.content : `The call ended with an error result (${code})`);
    }
    span.end(time);
  }

  #endSpanCancelled(callId: string, span: Span, time: number): void {
    forgetToolCallTraceparent(this.#runId ?? '', callId);
    this.#fail(span, 'cancelled', 'The Run ended before this call did');
    span.end(time);
  }

  #endRun(output: RunOutput, time: number): void {
    const root = this.#root;
    if (!root) return;
    this.#ended = true;
    const code = output.error?.code ?? (output.status === 'completed' ? undefined : output.status);
    if (this.#chat) {
      // The request in flight when the Run ended failed with it (provider_error, cancelled, …).
      this.#fail(this.#chat, code ?? 'cancelled', output.error?.message ?? 'The Run ended during this request');
      this.#chat.end(time);
      this.#chat = undefined;
    }
    for (const [callId, span] of this.#tools) this.#endSpanCancelled(callId, span, time);
    this.#tools.clear();
    root.setAttributes({ [Attr.runStatus]: output.status, [Attr.iterations]: output.iterations, ...usageAttributes(output.usage) });
    if (this.#transcript && output.text !== undefined) root.setAttribute(Attr.outputMessages, genAiMessagesJson([{ role: 'assistant', content: output.text }]));
    if (code !== undefined) this.#fail(root, code, output.error?.message ?? `Run ended with status ${output.status}`);
    root.end(time);
  }

  /** `error.type` is tinyagent's stable code; the status message is the human-readable one. */
  #fail(span: Span, code: string, message: string): void {
    span.setAttribute(Attr.errorType, code);
    span.setStatus({ code: this.#setup.api.SpanStatusCode.ERROR, message });
  }
}
