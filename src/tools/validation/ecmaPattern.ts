// A schema pattern is an ECMAScript regular expression (Unicode mode); RE2 reads a close but
// different syntax. This rewrites the parts whose meaning differs so RE2 matches what
// ECMAScript would: property escapes by their long names (`\p{Letter}`, `\p{Script=Greek}`,
// binary properties such as `\p{Alphabetic}`), `\s`/`\S` (Unicode white space in
// ECMAScript, ASCII in RE2), and `.` (ECMAScript excludes every line terminator). What RE2
// cannot run at all (backreferences, lookaround) is reported with its real reason.

/** Why a pattern cannot run on RE2, in words for the refusal message. */
export class UntranslatablePattern extends Error {}

type Ranges = Array<[number, number]>;

// ECMAScript's General_Category values (long names and aliases) by their short name, which RE2 knows.
const GENERAL_CATEGORY: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    C: ['Other'], Cc: ['Control', 'cntrl'], Cf: ['Format'], Cn: ['Unassigned'], Co: ['Private_Use'], Cs: ['Surrogate'],
    L: ['Letter'], LC: ['Cased_Letter'], Ll: ['Lowercase_Letter'], Lm: ['Modifier_Letter'], Lo: ['Other_Letter'],
    Lt: ['Titlecase_Letter'], Lu: ['Uppercase_Letter'], M: ['Mark', 'Combining_Mark'], Mc: ['Spacing_Mark'],
    Me: ['Enclosing_Mark'], Mn: ['Nonspacing_Mark'], N: ['Number'], Nd: ['Decimal_Number', 'digit'], Nl: ['Letter_Number'],
    No: ['Other_Number'], P: ['Punctuation', 'punct'], Pc: ['Connector_Punctuation'], Pd: ['Dash_Punctuation'],
    Pe: ['Close_Punctuation'], Pf: ['Final_Punctuation'], Pi: ['Initial_Punctuation'], Po: ['Other_Punctuation'],
    Ps: ['Open_Punctuation'], S: ['Symbol'], Sc: ['Currency_Symbol'], Sk: ['Modifier_Symbol'], Sm: ['Math_Symbol'],
    So: ['Other_Symbol'], Z: ['Separator'], Zl: ['Line_Separator'], Zp: ['Paragraph_Separator'], Zs: ['Space_Separator'],
  }).flatMap(([short, names]) => [[short, short], ...names.map((name) => [name, short])]),
);

// ECMAScript's WhiteSpace and LineTerminator code points: what `\s` matches.
const WHITE_SPACE: Ranges = [
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a],
  [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
];
// What `.` does not match without the `s` flag.
const LINE_TERMINATORS: Ranges = [[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]];

const hex = (code: number) => `\\x{${code.toString(16).toUpperCase()}}`;
const classBody = (ranges: Ranges) => ranges.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('');

function complement(ranges: Ranges): Ranges {
  const result: Ranges = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) result.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= 0x10ffff) result.push([next, 0x10ffff]);
  return result;
}

// The code points of a property RE2 has no table for, as ECMAScript's own engine sees them
// (the escape is already known to be valid). Computed once per property name per process.
const enumerated = new Map<string, Ranges>();
function codePointsOf(property: string): Ranges {
  let ranges = enumerated.get(property);
  if (ranges !== undefined) return ranges;
  const matches = new RegExp(`^\\p{${property}}$`, 'u');
  ranges = [];
  let start = -1;
  for (let code = 0; code <= 0x110000; code++) {
    const inside = code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) && matches.test(String.fromCodePoint(code));
    if (inside && start < 0) start = code;
    else if (!inside && start >= 0 && (code < 0xd800 || code > 0xdfff)) {
      ranges.push([start, code - 1]);
      start = -1;
    }
  }
  enumerated.set(property, ranges);
  return ranges;
}

// RE2's own name for a property escape, when it has a table for it.
function nativeName(body: string, knowsScript: (name: string) => boolean): string | undefined {
  const [key, value] = body.includes('=') ? body.split('=', 2) : [undefined, body];
  if (key === undefined || key === 'General_Category' || key === 'gc') {
    const category = GENERAL_CATEGORY[value!];
    if (category !== undefined) return category === 'LC' ? 'Lc' : category;
  }
  if (key === undefined && value === 'Any') return 'Any';
  if ((key === 'Script' || key === 'sc') && knowsScript(value!)) return value;
  return undefined;
}

/**
 * Rewrites a valid ECMAScript (Unicode-mode) pattern for RE2 with the same meaning; throws
 * `UntranslatablePattern` for what RE2 cannot run. `knowsScript` tells which script names RE2 has tables for.
 * @example translateEcmaPattern('^\\p{Letter}+$', () => false) // '^\\p{L}+$'
 */
export function translateEcmaPattern(pattern: string, knowsScript: (name: string) => boolean): string {
  let out = '';
  let inClass = false;
  const set = (ranges: Ranges, negated: boolean) =>
    inClass ? classBody(negated ? complement(ranges) : ranges) : `[${negated ? '^' : ''}${classBody(ranges)}]`;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 'p' || next === 'P') {
        const close = pattern.indexOf('}', i);
        const body = pattern.slice(i + 3, close);
        const native = nativeName(body, knowsScript);
        out += native !== undefined ? `\\${next}{${native}}` : set(codePointsOf(body), next === 'P');
        i = close;
      } else if (next === 'b' && inClass) {
        out += hex(0x08); // backspace inside a class, a word boundary outside (as RE2 reads it)
        i++;
      } else if (next === 's' || next === 'S') {
        out += set(WHITE_SPACE, next === 'S');
        i++;
      } else if (/[1-9]/.test(next) || (next === 'k' && pattern[i + 2] === '<')) {
        throw new UntranslatablePattern(`it has a backreference (\\${next}…), which RE2 cannot run`);
      } else {
        out += ch + next;
        i++;
      }
    } else if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
      // `[^` and a `]` first in the class are taken as they are.
      if (pattern[i + 1] === '^') out += pattern[++i];
    } else if (ch === '(' && /^\(\?(?:[=!]|<[=!])/.test(pattern.slice(i, i + 4))) {
      throw new UntranslatablePattern(`it has a lookahead or lookbehind (${pattern.slice(i, i + (pattern[i + 2] === '<' ? 4 : 3))}…), which RE2 cannot run`);
    } else if (ch === '.') {
      out += set(LINE_TERMINATORS, true);
    } else {
      out += ch;
    }
  }
  return out;
}
