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
 * @example rememberAgentParts(agent, { provider, tools, limits, store, instructions, approve })
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
