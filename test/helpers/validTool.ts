// A minimal valid tool definition; tests override the one field they are about.
import type { Tool } from '../../src/index.js';

export function validTool(overrides: Record<string, unknown> = {}): Tool {
  return {
    name: 'lookup',
    description: 'Looks something up',
    parameters: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
    execute: async () => 'ok',
    ...overrides,
  } as Tool;
}
