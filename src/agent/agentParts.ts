// What an agent is built from, for modules that run its Runs their own way (the DBOS
// workflows of `tinyagent/dbos`). Not public API: the agent object itself stays opaque.
import type { CreateRunActorOptions } from '../run/createRunActor.js';
import type { SessionStore } from '../session/sessionStore.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { Provider, RunLimits } from '../types.js';

/** The parts `createAgent` put together. */
export interface AgentParts {
  provider: Provider;
  tools: ToolRegistry;
  limits: RunLimits;
  store: SessionStore;
  instructions: CreateRunActorOptions['instructions'];
  approve: CreateRunActorOptions['approve'];
}

const parts = new WeakMap<object, AgentParts>();

/**
 * Records the parts of `agent` (called by createAgent).
 * @example
 * import { resolveLimits } from '../limits.js';
 * import { MemorySessionStore } from '../session/memorySessionStore.js';
 * import { ToolRegistry } from '../tools/registry.js';
 * rememberAgentParts(agent, { provider, tools: new ToolRegistry(tools), limits: resolveLimits(), store: new MemorySessionStore(), instructions: undefined, approve: undefined });
 */
export function rememberAgentParts(agent: object, agentParts: AgentParts): void {
  parts.set(agent, agentParts);
}

/**
 * The parts of an agent made by `createAgent`, or `undefined` for any other object.
 * @example agentPartsOf(agent)?.provider
 */
export function agentPartsOf(agent: object): AgentParts | undefined {
  return parts.get(agent);
}
