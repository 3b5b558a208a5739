// `tinyagent/dbos`: Runs as DBOS workflows on PostgreSQL, spread over many workers
// (docs/scaling-out.md). `@dbos-inc/dbos-sdk` is an optional peer dependency.
export { registerDurableAgent } from './registerDurableAgent.js';
export type { DurableAgent, DurableAgentOptions, DurableStartOptions } from './registerDurableAgent.js';
export type { DurableRunHandle } from './durableRunHandle.js';
