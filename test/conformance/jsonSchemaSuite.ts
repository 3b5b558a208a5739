// The JSON Schema Test Suite (json-schema-org, vendored under test/fixtures) run through
// tinyagent's schema compiler and through plain Ajv 8 on the same cases, so each verdict
// tinyagent gets wrong can be set against Ajv's. Remote references are excluded: the suite's
// refRemote files are not vendored, and a case whose schema needs a fetch counts as refused.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { SchemaCompiler } from '../../src/tools/validation/schemaValidator.js';
import type { Dialect } from '../../src/tools/validation/dialects.js';

export const SUITE_ROOT = fileURLToPath(new URL('../fixtures/json-schema-test-suite/tests/', import.meta.url));

const DIALECT_FOLDERS: ReadonlyArray<[folder: string, dialect: Dialect]> = [
  ['draft7', 'draft-07'],
  ['draft2020-12', '2020-12'],
];

interface SuiteTest {
  description: string;
  data: unknown;
  valid: boolean;
}

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: SuiteTest[];
}

/** One test of the suite with both verdicts: `right` when the validator agreed with the suite. */
export interface CaseOutcome {
  /** The file under tests/, e.g. `draft7/optional/format/iri.json`. */
  file: string;
  group: string;
  test: string;
  tinyagentRight: boolean;
  ajvRight: boolean;
  /** Why tinyagent refused the group's schema, when it did. */
  refusal: string | undefined;
}

function suiteFiles(folder: string): string[] {
  const root = join(SUITE_ROOT, folder);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(root, name));
}

// Plain Ajv 8 as the lockfile has it, with ajv-formats: the reference the figures compare to.
function referenceAjv(dialect: Dialect): Ajv | Ajv2020 {
  const options = { strict: false, logger: false as const };
  const ajv = dialect === '2020-12' ? new Ajv2020(options) : new Ajv(options);
  addFormats.default(ajv);
  return ajv;
}

type Verdict = (data: unknown) => boolean;

function compileWith(compile: () => Verdict): { verdict: Verdict | undefined; error: string | undefined } {
  try {
    return { verdict: compile(), error: undefined };
  } catch (error) {
    return { verdict: undefined, error: error instanceof Error ? error.message : String(error) };
  }
}

function agrees(verdict: Verdict | undefined, test: SuiteTest): boolean {
  if (verdict === undefined) return false;
  try {
    return verdict(test.data) === test.valid;
  } catch {
    return false;
  }
}

/**
 * Runs every vendored case of draft-07 and 2020-12 through tinyagent and Ajv.
 * @example runJsonSchemaSuite().filter((outcome) => outcome.tinyagentRight).length
 */
export function runJsonSchemaSuite(): CaseOutcome[] {
  const outcomes: CaseOutcome[] = [];
  for (const [folder, dialect] of DIALECT_FOLDERS) {
    const compiler = new SchemaCompiler();
    for (const path of suiteFiles(folder)) {
      const file = relative(SUITE_ROOT, path).split('\\').join('/');
      const groups = JSON.parse(readFileSync(path, 'utf8')) as SuiteGroup[];
      for (const group of groups) {
        const ours = compileWith(() => {
          const validate = compiler.compileResource(group.schema, dialect);
          return (data) => validate(data).valid;
        });
        // A fresh instance per group: suite schemas reuse `$id`s across groups.
        const theirs = compileWith(() => {
          const validate = referenceAjv(dialect).compile(group.schema as object);
          return (data) => validate(data) === true;
        });
        for (const test of group.tests) {
          outcomes.push({
            file,
            group: group.description,
            test: test.description,
            tinyagentRight: agrees(ours.verdict, test),
            ajvRight: agrees(theirs.verdict, test),
            refusal: ours.error,
          });
        }
      }
    }
  }
  return outcomes;
}
