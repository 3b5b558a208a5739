// The JSON Schema Test Suite, draft-07 and 2020-12, core and optional/ (remote references
// excluded): every verdict plain Ajv 8 gets right, tinyagent gets right too, except the
// deliberate refusals listed by class in jsonSchemaRefusals.json, each of which must still
// happen and give its class's message.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runJsonSchemaSuite, type CaseOutcome } from './jsonSchemaSuite.js';

interface Listed {
  class: string;
  file: string;
  group: string;
  test?: string;
}

const refusals = JSON.parse(readFileSync(new URL('./jsonSchemaRefusals.json', import.meta.url), 'utf8')) as {
  classes: Record<string, { reason: string; message: string | null }>;
  cases: Listed[];
};

const outcomes = runJsonSchemaSuite();
const label = (outcome: CaseOutcome) => `${outcome.file} | ${outcome.group} | ${outcome.test}`;
const listedFor = (outcome: CaseOutcome) =>
  refusals.cases.find(
    (entry) => entry.file === outcome.file && entry.group === outcome.group && (entry.test === undefined || entry.test === outcome.test),
  );
const behindAjv = outcomes.filter((outcome) => outcome.ajvRight && !outcome.tinyagentRight);

describe('JSON Schema Test Suite (draft-07, 2020-12)', () => {
  it('reports the figures: right verdicts, tinyagent against Ajv', () => {
    const tinyagent = outcomes.filter((outcome) => outcome.tinyagentRight).length;
    const ajv = outcomes.filter((outcome) => outcome.ajvRight).length;
    console.log(`JSON Schema Test Suite: tinyagent ${tinyagent} of ${outcomes.length} right, plain Ajv 8 ${ajv}`);
    expect(outcomes.length).toBeGreaterThan(3800);
    expect(tinyagent).toBeGreaterThanOrEqual(ajv - behindAjv.length);
  });

  it('every verdict Ajv gets right, tinyagent gets right too, unless the case is a listed deliberate refusal', () => {
    expect(behindAjv.filter((outcome) => listedFor(outcome) === undefined).map(label)).toEqual([]);
  });

  it('each listed case is refused for its class’s reason, with its class’s message', () => {
    const wrongReason = behindAjv.flatMap((outcome) => {
      const entry = listedFor(outcome)!;
      const expected = refusals.classes[entry.class]?.message;
      if (expected === undefined) return [`${label(outcome)}: unknown class ${entry.class}`];
      if (expected === null) return outcome.refusal === undefined ? [] : [`${label(outcome)}: refused (${outcome.refusal})`];
      return outcome.refusal?.includes(expected) ? [] : [`${label(outcome)}: ${outcome.refusal ?? 'not refused'}`];
    });
    expect(wrongReason).toEqual([]);
  });

  it('no listed entry is stale: each still matches a case tinyagent answers differently from Ajv', () => {
    const stale = refusals.cases.filter((entry) => !behindAjv.some((outcome) => listedFor(outcome) === entry));
    expect(stale).toEqual([]);
  });
});
