// Schema patterns keep their ECMAScript meaning on RE2: property escapes by long name,
// script names and binary properties, Unicode `\s`/`\S`, and `.` without line terminators
// give the verdict ECMAScript's own engine gives; what RE2 cannot run is refused naming
// the real reason.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/tools/validation/schemaValidator.js';

const withPattern = (pattern: string) => compileSchema({ type: 'object', properties: { s: { type: 'string', pattern } } });
const refusalOf = (pattern: string) => {
  try {
    withPattern(pattern);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${pattern} was accepted`);
};

const PATTERNS = [
  '^\\p{Letter}+$',
  '\\p{digit}',
  '^\\p{Lowercase_Letter}\\P{Uppercase_Letter}$',
  '^\\p{gc=Decimal_Number}+$',
  '^\\p{Script=Greek}+$',
  '^\\p{sc=Cyrl}+$',
  '\\p{Script_Extensions=Latin}',
  '^\\p{Alphabetic}*$',
  '^[\\p{L}\\d_-]+$',
  '^[^\\P{L}]+$',
  '^\\s+$',
  '^\\S+$',
  '^[\\s\\d]+$',
  '^[\\S]+$',
  '^.+$',
  '^a.c$',
  '^[.]$',
  '^[\\b\\s]+$',
];
// Letters of several scripts, digits of two, every kind of white space and line terminator.
const ALPHABET = [...'aZé1৪٣ αΩжЖ_-.\t\n\r\u000b\u00a0\u2003\u2028\u2029\ufeff\u3000\bx'];

describe('ECMAScript pattern semantics on RE2', () => {
  it.each(PATTERNS)('%s gives the verdict ECMAScript gives', (pattern) => {
    const validate = withPattern(pattern);
    const ecma = new RegExp(pattern, 'u');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 6 }), (chars) => {
        const s = chars.join('');
        expect(validate({ s }).valid).toBe(ecma.test(s));
      }),
      { numRuns: 200, seed: 23 },
    );
  });

  it('a named backreference is refused as a backreference, not read as the letters "k<name>"', () => {
    expect(refusalOf('(?<x>a)\\k<x>')).toContain('it has a backreference (\\k…), which RE2 cannot run');
  });

  it.each([
    ['(a)\\1', 'it has a backreference (\\1…)'],
    ['^(?=a)', 'it has a lookahead or lookbehind ((?=…)'],
    ['(?<!a)b', 'it has a lookahead or lookbehind ((?<!…)'],
  ])('%s is refused with its real reason', (pattern, reason) => {
    expect(refusalOf(pattern)).toContain(reason);
  });

  it('an invalid property name is refused as invalid ECMAScript, not as a lookaround', () => {
    const message = refusalOf('\\p{NotAProperty}');
    expect(message).toContain('it is not a valid ECMAScript regular expression');
    expect(message).not.toContain('lookahead');
  });

  it('escaped backslashes and classes are read as ECMAScript reads them', () => {
    const validate = withPattern('^\\\\s[\\]s]$');
    expect([validate({ s: '\\s]' }).valid, validate({ s: '\\ss' }).valid, validate({ s: ' s' }).valid]).toEqual([true, true, false]);
  });
});
