// The public API of tinyagent: the core's named exports (src/core.ts) and the capability
// modules above it. test/publicApi.test.ts pins the exact list of names.
export * from './core.js';
