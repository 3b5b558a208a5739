// The `uri`, `uri-reference` (RFC 3986), `iri`, `iri-reference` (RFC 3987) and `uri-template`
// (RFC 6570) formats: an
// IRI is a URI whose unreserved characters also take the Unicode `ucschar` ranges, and whose
// query may hold private-use characters. The expressions are built from the RFCs' grammar
// rule by rule; no repetition overlaps another, so matching is linear. ajv-formats has no
// IRI formats, and its URI expressions accept a non-numeric port or brackets in a path.
import { fullFormats } from 'ajv-formats/dist/formats.js';

const UCSCHAR =
  '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}' +
  '\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}' +
  '\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}';
const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';
const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*';

interface Grammar {
  absolute: RegExp;
  relative: RegExp;
}

// RFC 3986's rules, with RFC 3987's extra characters when `unicode` (the `i` rules).
function grammar(unicode: boolean): Grammar {
  const unreserved = `A-Za-z0-9\\-._~${unicode ? UCSCHAR : ''}`;
  const pchar = `(?:[${unreserved}${SUB_DELIMS}:@]|${PCT})`;
  const segment = `${pchar}*`;
  const segmentNz = `${pchar}+`;
  const segmentNzNc = `(?:[${unreserved}${SUB_DELIMS}@]|${PCT})+`;
  const userinfo = `(?:[${unreserved}${SUB_DELIMS}:]|${PCT})*`;
  const regName = `(?:[${unreserved}${SUB_DELIMS}]|${PCT})*`;
  // An IP literal's inside is checked apart (IPv6 by ajv-formats), the rest of the host here.
  const host = `(?:\\[(?<literal>[^\\]]*)\\]|${regName})`;
  const authority = `(?:${userinfo}@)?${host}(?::[0-9]*)?`;
  const pathAbempty = `(?:/${segment})*`;
  const pathAbsolute = `/(?:${segmentNz}(?:/${segment})*)?`;
  const pathRootless = `${segmentNz}(?:/${segment})*`;
  const pathNoscheme = `${segmentNzNc}(?:/${segment})*`;
  const query = `(?:\\?(?:${pchar}|[${unicode ? IPRIVATE : ''}/?])*)?`;
  const fragment = `(?:#(?:${pchar}|[/?])*)?`;
  return {
    absolute: new RegExp(`^${SCHEME}:(?://${authority}${pathAbempty}|${pathAbsolute}|${pathRootless}|)${query}${fragment}$`, 'u'),
    relative: new RegExp(`^(?://${authority}${pathAbempty}|${pathAbsolute}|${pathNoscheme}|)${query}${fragment}$`, 'u'),
  };
}

// RFC 6570's template: literals (the apostrophe among them, as its errata has it) and
// expressions of an optional operator and a list of variables, each with a prefix or explode.
const VARCHAR = `(?:[A-Za-z0-9_]|${PCT})`;
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
const TEMPLATE_LITERAL = `(?:[!#$&-;=?-\\[\\]_a-z~${UCSCHAR}${IPRIVATE}]|${PCT})`;
const URI_TEMPLATE = new RegExp(`^(?:${TEMPLATE_LITERAL}|\\{[+#./;?&=,!@|]?${VARSPEC}(?:,${VARSPEC})*\\})*$`, 'u');

const IRI_GRAMMAR = grammar(true);
const URI_GRAMMAR = grammar(false);
const IPV_FUTURE = new RegExp(`^[Vv][0-9A-Fa-f]+\\.[A-Za-z0-9\\-._~${SUB_DELIMS}:]+$`);
const IPV6 = fullFormats.ipv6 as RegExp;

function matchesWithHost(pattern: RegExp, value: string): boolean {
  const match = pattern.exec(value);
  if (match === null) return false;
  const literal = match.groups?.literal;
  return literal === undefined || IPV6.test(literal) || IPV_FUTURE.test(literal);
}

/**
 * The `uri` format: an absolute URI (RFC 3986), fragment allowed.
 * @example isUri('http://[2001:db8::1]:8080/a?b#c') // true
 */
export function isUri(value: string): boolean {
  return matchesWithHost(URI_GRAMMAR.absolute, value);
}

/**
 * The `uri-reference` format: a URI or a relative reference (RFC 3986).
 * @example isUriReference('../a/b?c') // true
 */
export function isUriReference(value: string): boolean {
  return matchesWithHost(URI_GRAMMAR.absolute, value) || matchesWithHost(URI_GRAMMAR.relative, value);
}

/**
 * The `uri-template` format (RFC 6570).
 * @example isUriTemplate('http://example.com/dictionary/{term:1}/{term}') // true
 */
export function isUriTemplate(value: string): boolean {
  return URI_TEMPLATE.test(value);
}

/**
 * The `iri` format: an absolute IRI (RFC 3987), fragment allowed.
 * @example isIri('http://ƒøø.ßår/?∂éœ=πîx#πîüx') // true
 */
export function isIri(value: string): boolean {
  return matchesWithHost(IRI_GRAMMAR.absolute, value);
}

/**
 * The `iri-reference` format: an IRI or a relative reference (RFC 3987).
 * @example isIriReference('//ƒøø.ßår/?∂éœ=πîx#πîüx') // true
 */
export function isIriReference(value: string): boolean {
  return matchesWithHost(IRI_GRAMMAR.absolute, value) || matchesWithHost(IRI_GRAMMAR.relative, value);
}
