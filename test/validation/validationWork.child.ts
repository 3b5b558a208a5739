// Run by validationWork.test.ts in a child process (node --expose-gc --import tsx): work
// that would hang or leak in the test worker itself. Prints one JSON line with its findings.
import { limitOutput } from '../../src/tools/calls/limitOutput.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { compileSchema } from '../../src/tools/validation/schemaValidator.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

function heapAfterGc(): number {
  for (let i = 0; i < 3; i++) gc!();
  return process.memoryUsage().heapUsed;
}

function cutOfHugeResult() {
  return limitOutput({ content: 'x'.repeat(50_000_000) }, 30_000);
}

const scenarios: Record<string, () => Record<string, unknown>> = {
  // Exponential on a backtracking engine (each extra "a" doubles the work).
  backtrackingPattern() {
    const validate = compileSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } });
    const outcome = validate({ s: `${'a'.repeat(100_000)}!` });
    return { valid: outcome.valid };
  },
  // A cut result must not keep its uncut original alive.
  cutResult() {
    const before = heapAfterGc();
    const cut = cutOfHugeResult(); // the original is referenced only inside that call's frame
    const retained = heapAfterGc() - before;
    return { retained, length: cut.content.length };
  },
  // Registries that are dropped leave nothing behind. Each schema carries
  // 100 KB (an enum value), so whatever a registration leaves behind is plain to see.
  droppedRegistries() {
    const register = (i: number) =>
      new ToolRegistry().register({
        name: `tool_${i}`,
        description: 'A tool of a short-lived agent',
        parameters: {
          type: 'object',
          properties: {
            q: { type: 'string', pattern: `^q${i}` },
            mode: { enum: ['a', `${i}`.padEnd(100_000, '.')] },
            tags: { type: 'array', uniqueItems: true },
          },
          required: ['q'],
        },
        execute: async () => 'ok',
      });
    for (let i = 0; i < 20; i++) register(i); // warm-up: code, shapes and caches of the first ones
    const before = heapAfterGc();
    for (let i = 20; i < 120; i++) register(i);
    return { grownPerRegistry: (heapAfterGc() - before) / 100 };
  },
};

const scenario = scenarios[process.argv[2] ?? ''];
if (!scenario) throw new Error(`unknown scenario ${process.argv[2]}`);
process.stdout.write(`${JSON.stringify(scenario())}\n`);
