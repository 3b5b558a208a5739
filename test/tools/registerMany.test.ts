// `register(...tools)`: several tools at once, all or nothing, still returning the registry.
import { describe, expect, it } from 'vitest';
import { ToolRegistrationError, type Tool } from '../../src/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { validTool } from '../helpers/validTool.js';

const named = (...names: string[]): Tool[] => names.map((name) => validTool({ name }));

function refused(registry: ToolRegistry, tools: Tool[]): ToolRegistrationError {
  const snapshot = registry.snapshot();
  try {
    registry.register(...tools);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRegistrationError);
    expect(registry.snapshot()).toBe(snapshot);
    return error as ToolRegistrationError;
  }
  throw new Error('register did not throw');
}

describe('ToolRegistry.register(...tools)', () => {
  it('registers every tool given, in order, and returns the registry', () => {
    const registry = new ToolRegistry();
    expect(registry.register(...named('a', 'b', 'c'))).toBe(registry);
    expect(registry.list().map((tool) => tool.name)).toEqual(['a', 'b', 'c']);
  });

  it('takes the spread of a tool factory’s array, and nothing at all', () => {
    const createFileTools = () => named('read_file', 'list_files');
    const registry = new ToolRegistry().register(...createFileTools()).register();
    expect(registry.list().map((tool) => tool.name)).toEqual(['read_file', 'list_files']);
  });

  it('adds none when one is refused, whichever it is', () => {
    const registry = new ToolRegistry(named('existing'));
    const error = refused(registry, [...named('fresh', 'other'), validTool({ name: 'bad', parameters: { type: 'string' } })]);
    expect(error).toMatchObject({ code: 'invalid_tool_schema', details: { toolName: 'bad' } });
    expect(registry.list().map((tool) => tool.name)).toEqual(['existing']);
    // The refused batch left nothing half-registered: its good tools can be registered later.
    registry.register(...named('fresh', 'other'));
    expect(registry.has('fresh')).toBe(true);
  });

  it('refuses a name repeated within the batch, and one already registered', () => {
    const registry = new ToolRegistry(named('existing'));
    expect(refused(registry, named('x', 'x'))).toMatchObject({ code: 'duplicate_tool', details: { toolName: 'x' } });
    expect(refused(registry, named('y', 'existing'))).toMatchObject({ code: 'duplicate_tool', details: { toolName: 'existing' } });
    expect(registry.list().map((tool) => tool.name)).toEqual(['existing']);
  });

  it('the constructor is all or nothing too', () => {
    expect(() => new ToolRegistry([...named('a'), validTool({ name: 'bad name' })])).toThrow(ToolRegistrationError);
  });
});
