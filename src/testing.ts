// `tinyagent/testing`: what tests of an application built on tinyagent need, without a
// model: a deterministic provider that fails loudly when asked for more than its script.
export { createScriptedProvider, ScriptExhaustedError } from './scriptedProvider.js';
export type { Script, ScriptStep, ScriptedProvider } from './scriptedProvider.js';
// The SessionStore contract as a suite: how the shipped stores are tested, and how yours can be.
export { sessionStoreConformance } from './session/sessionStoreConformance.js';
export type { CreateSessionStore } from './session/sessionStoreConformance.js';
