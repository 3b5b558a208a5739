// The one place tools enter the runtime. Append-only: nothing is replaced or removed.
import type { Tool } from '../types.js';
import { acceptTool } from './toolDefinition.js';
import { createToolSet, type RegisteredTool, type ToolSet } from './toolSet.js';
import { SchemaCompiler } from './validation/schemaValidator.js';

// Tool<never> accepts a tool of any argument type (execute is a method, so its parameter
// is compared bivariantly): `new ToolRegistry([weather, search])` type-checks.
type AnyTool = Tool<never>;

/**
 * Holds the tools an agent may offer; `register` refuses bad or duplicate tools with a `ToolRegistrationError`.
 * @example
 * const registry = new ToolRegistry(tools);
 * registry.list().map((tool) => tool.name)
 */
export class ToolRegistry {
  readonly #tools = new Map<string, RegisteredTool>();
  // The registry owns what compiling its schemas costs: dropped with it, never process-wide.
  readonly #compiler = new SchemaCompiler();
  #snapshot: ToolSet | undefined;

  /**
   * Registers the given tools, all or none; throws on the first refused one.
   * @example new ToolRegistry([{ name: 'ping', description: 'Replies pong', parameters: { type: 'object' }, execute: async () => 'pong' }])
   */
  constructor(tools: Iterable<AnyTool> = []) {
    this.register(...tools);
  }

  /**
   * Adds tools, compiling each schema once. All or nothing: if any tool is refused (a
   * `ToolRegistrationError` naming it), none is added and the registry is unchanged.
   * @example new ToolRegistry().register({ name: 'ping', description: 'Replies pong', parameters: { type: 'object' }, execute: async () => 'pong' })
   * @example
   * import { createFileTools } from 'tinyagent';
   * agent.tools.register(...createFileTools({ root: '.' }))
   */
  register(...tools: AnyTool[]): this {
    const accepted = new Map<string, RegisteredTool>();
    const isTaken = (name: string) => this.#tools.has(name) || accepted.has(name);
    for (const tool of tools) {
      const registered = acceptTool(tool, isTaken, this.#compiler);
      accepted.set(registered.spec.name, registered);
    }
    if (accepted.size === 0) return this;
    for (const [name, registered] of accepted) this.#tools.set(name, registered);
    this.#snapshot = undefined;
    return this;
  }

  /**
   * The tool registered under this name, as it was given.
   * @example new ToolRegistry(tools).get('ping')?.description
   */
  get(name: string): Tool | undefined {
    return this.#tools.get(name)?.tool;
  }

  /**
   * Whether a tool of this name is registered.
   * @example new ToolRegistry(tools).has('ping') // true
   */
  has(name: string): boolean {
    return this.#tools.has(name);
  }

  /**
   * All tools, in registration order (a new array each call).
   * @example new ToolRegistry(tools).list().map((tool) => tool.name)
   */
  list(): Tool[] {
    return Array.from(this.#tools.values(), (registered) => registered.tool);
  }

  /**
   * The tools registered now, unaffected by later registrations; cached until the next `register`.
   * @example const offered = new ToolRegistry(tools).snapshot().specs
   */
  snapshot(): ToolSet {
    return (this.#snapshot ??= createToolSet([...this.#tools.values()]));
  }
}
