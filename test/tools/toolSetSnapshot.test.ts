import { describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/tools/registry.js';
import { validTool } from '../helpers/validTool.js';

describe('ToolRegistry.snapshot', () => {
  it('is cached: the same ToolSet until something is registered', () => {
    const registry = new ToolRegistry([validTool({ name: 'a' })]);
    const first = registry.snapshot();
    expect(registry.snapshot()).toBe(first);
    registry.register(validTool({ name: 'b' }));
    const second = registry.snapshot();
    expect(second).not.toBe(first);
    expect(registry.snapshot()).toBe(second);
  });

  it('never changes when tools are registered later', () => {
    const registry = new ToolRegistry([validTool({ name: 'a' })]);
    const before = registry.snapshot();
    registry.register(validTool({ name: 'b' }));
    expect(before.names).toEqual(['a']);
    expect(before.specs.map((spec) => spec.name)).toEqual(['a']);
    expect(before.lookup('b')).toBeUndefined();
    expect(registry.snapshot().names).toEqual(['a', 'b']);
  });

  it('is frozen, so no holder can change what another Run offers', () => {
    const set = new ToolRegistry([validTool()]).snapshot();
    expect(Object.isFrozen(set)).toBe(true);
    expect(Object.isFrozen(set.specs)).toBe(true);
    expect(Object.isFrozen(set.names)).toBe(true);
    expect(Object.isFrozen(set.specs[0])).toBe(true);
  });

  it('offers specs (name, description, parameters) in registration order, without execute', () => {
    const registry = new ToolRegistry([validTool({ name: 'z' }), validTool({ name: 'a', description: 'First letter' })]);
    expect(registry.snapshot().specs).toEqual([
      { name: 'z', description: 'Looks something up', parameters: validTool().parameters },
      { name: 'a', description: 'First letter', parameters: validTool().parameters },
    ]);
  });

  it('looks up the registered tool with its compiled validator', () => {
    const tool = validTool();
    const registered = new ToolRegistry([tool]).snapshot().lookup('lookup')!;
    expect(registered.tool).toBe(tool);
    expect(registered.validate({ q: 'x' })).toEqual({ valid: true, data: { q: 'x' } });
    expect(registered.validate({}).valid).toBe(false);
  });

  it('does not resolve names through the prototype chain', () => {
    const set = new ToolRegistry([validTool()]).snapshot();
    expect(set.lookup('constructor')).toBeUndefined();
    expect(set.lookup('__proto__')).toBeUndefined();
  });

  it.each([
    [undefined, undefined, false],
    [true, undefined, false],
    [undefined, true, false],
    [true, false, false],
    [false, true, false],
    [true, true, true],
  ])('parallelSafe with readOnly=%s, concurrencySafe=%s is %s', (readOnly, concurrencySafe, expected) => {
    const registry = new ToolRegistry([validTool({ readOnly, concurrencySafe })]);
    expect(registry.snapshot().lookup('lookup')!.parallelSafe).toBe(expected);
  });
});
