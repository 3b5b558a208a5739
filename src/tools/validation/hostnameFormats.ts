// The `hostname` and `idn-hostname` formats as IDNA2008 defines labels (RFC 5890-5893): the
// UTS #46 processing of tr46 (hyphens, joiners, bidi, lengths, Punycode) with input that its
// mapping leaves as it is (a U-label is already lower-case and NFC), plus IDNA2008's own code
// point classes (RFC 5892: letters, digits and marks only, its exceptions) and the
// contextual rules UTS #46 leaves out (MIDDLE DOT, KERAIA, GERESH, KATAKANA MIDDLE DOT,
// Arabic-Indic digits). An A-label (`xn--…`) must decode to such a U-label and re-encode to itself.
import type * as Tr46 from 'tr46';
import { lazyModule } from './lazyModule.js';

const tr46 = lazyModule<typeof Tr46>('tr46');

// Label separators: the full stop and its ideographic, fullwidth and halfwidth forms.
const SEPARATORS = /[.\u3002\uFF0E\uFF61]/u;
const MAX_NAME_LENGTH = 253;
const CHECKS = { checkHyphens: true, checkBidi: true, checkJoiners: true, useSTD3ASCIIRules: true, transitionalProcessing: false } as const;

const PVALID_EXCEPTIONS = /[\u00DF\u03C2\u06FD\u06FE\u0F0B\u3007]/u;
const DISALLOWED_EXCEPTIONS = /[\u0640\u07FA\u3031-\u3035\u303B]|\u302E|\u302F/u;
const CONTEXTUAL = /[\u00B7\u0375\u05F3\u05F4\u30FB\u0660-\u0669\u06F0-\u06F9]|\u200C|\u200D/u;
const NON_ASCII = /\P{ASCII}/u;
const LETTERS_DIGITS = /[\p{Ll}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}]/u;
// RFC 5892's ignorable properties and blocks, and old Hangul jamo.
const IGNORABLE =
  /[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Noncharacter_Code_Point}\u20D0-\u20FF\u{1D100}-\u{1D24F}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF]/u;

// RFC 5892's derived property: PVALID or one of the contextual code points the rules below check.
function allowedCodePoint(ch: string): boolean {
  if (PVALID_EXCEPTIONS.test(ch) || CONTEXTUAL.test(ch)) return true;
  if (DISALLOWED_EXCEPTIONS.test(ch)) return false;
  if (/[a-z0-9-]/.test(ch)) return true;
  // Unstable: a code point that case folding and NFKC change is never in a U-label.
  if (ch.normalize('NFKC').toLowerCase().normalize('NFKC') !== ch) return false;
  return !IGNORABLE.test(ch) && LETTERS_DIGITS.test(ch);
}

// RFC 5892 appendix A, the CONTEXTO rules (the CONTEXTJ ones are tr46's checkJoiners).
function contextRulesHold(label: string): boolean {
  const chars = [...label];
  for (let i = 0; i < chars.length; i++) {
    const before = chars[i - 1] ?? '';
    const after = chars[i + 1] ?? '';
    switch (chars[i]) {
      case '\u00B7':
        if (before !== 'l' || after !== 'l') return false;
        break;
      case '\u0375':
        if (!/\p{Script=Greek}/u.test(after)) return false;
        break;
      case '\u05F3':
      case '\u05F4':
        if (!/\p{Script=Hebrew}/u.test(before)) return false;
        break;
      case '\u30FB':
        if (!/[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u.test(label.replaceAll('\u30FB', ''))) return false;
        break;
    }
  }
  return !(/[\u0660-\u0669]/u.test(label) && /[\u06F0-\u06F9]/u.test(label));
}

// One label as a U-label (an A-label decoded), or undefined when it is not a valid one.
function uLabelOf(label: string): string | undefined {
  if (!/^xn--/i.test(label)) return label;
  const { domain, error } = tr46().toUnicode(label, CHECKS);
  // Only ASCII after decoding, or a different encoding of it: not the A-label of anything.
  if (error || !NON_ASCII.test(domain) || tr46().toASCII(domain, CHECKS) !== label.toLowerCase()) return undefined;
  return domain;
}

function validLabel(uLabel: string): boolean {
  // tr46 maps before it checks; a U-label must be what the mapping gives (ASCII case aside).
  const { domain, error } = tr46().toUnicode(uLabel, CHECKS);
  if (error || domain !== uLabel.replace(/[A-Z]+/g, (upper) => upper.toLowerCase())) return false;
  if (uLabel.slice(2, 4) === '--') return false; // reserved for A-labels and future use
  const ascii = tr46().toASCII(uLabel, { ...CHECKS, verifyDNSLength: true });
  return ascii !== null && [...uLabel.toLowerCase()].every(allowedCodePoint) && contextRulesHold(uLabel.toLowerCase());
}

function validHostname(value: string, asciiOnly: boolean): boolean {
  if (value === '' || (asciiOnly && NON_ASCII.test(value))) return false;
  // A name's ASCII form has at least one character per code point and may have 253: longer
  // input is refused before any label is processed, so the work per value stays bounded.
  if (value.length > 2 * MAX_NAME_LENGTH || [...value].length > MAX_NAME_LENGTH) return false;
  const labels = value.split(SEPARATORS);
  const uLabels: string[] = [];
  for (const label of labels) {
    const uLabel = label === '' ? undefined : uLabelOf(label);
    if (uLabel === undefined || !validLabel(uLabel)) return false;
    uLabels.push(uLabel);
  }
  // The bidi rule looks at the whole name; the length limit is that of its ASCII form.
  const ascii = tr46().toASCII(uLabels.join('.'), { ...CHECKS, verifyDNSLength: true });
  return ascii !== null && ascii.length <= MAX_NAME_LENGTH;
}

/**
 * The `hostname` format: an ASCII host name whose `xn--` labels are valid A-labels (RFC 1123, RFC 5890).
 * @example isHostname('xn--ihqwcrb4cv8a8dqg056pqjye') // true
 */
export function isHostname(value: string): boolean {
  return validHostname(value, true);
}

/**
 * The `idn-hostname` format: a host name of U-labels and A-labels (RFC 5890-5893).
 * @example isIdnHostname('실례.테스트') // true
 */
export function isIdnHostname(value: string): boolean {
  return validHostname(value, false);
}
