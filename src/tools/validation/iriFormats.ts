// The `iri` and `iri-reference` formats (RFC 3987), which ajv-formats does not define: an
// IRI is a URI (RFC 3986) whose unreserved characters also take the Unicode `ucschar`
// ranges, and whose query may hold private-use characters. The expressions are built from
// the RFC's grammar rule by rule; no repetition overlaps another, so matching is linear.
import { fullFormats } from 'ajv-formats/dist/formats.js';

const UCSCHAR =
  '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}' +
  '\\u{40000}-\\u{4FFFD}\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}\\u{90000}-\\u{9FFFD}' +
  '\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}';
const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';
const IUNRESERVED = `A-Za-z0-9\\-._~${UCSCHAR}`;
const SUB_DELIMS = "!$&'()*+,;=";
const PCT = '%[0-9A-Fa-f]{2}';

const IPCHAR = `(?:[${IUNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const ISEGMENT = `${IPCHAR}*`;
const ISEGMENT_NZ = `${IPCHAR}+`;
const ISEGMENT_NZ_NC = `(?:[${IUNRESERVED}${SUB_DELIMS}@]|${PCT})+`;
const IUSERINFO = `(?:[${IUNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
const IREG_NAME = `(?:[${IUNRESERVED}${SUB_DELIMS}]|${PCT})*`;
// An IP literal's inside is checked apart (IPv6 by ajv-formats), the rest of the host here.
const IHOST = `(?:\\[(?<literal>[^\\]]*)\\]|${IREG_NAME})`;
const IAUTHORITY = `(?:${IUSERINFO}@)?${IHOST}(?::[0-9]*)?`;
const IPATH_ABEMPTY = `(?:/${ISEGMENT})*`;
const IPATH_ABSOLUTE = `/(?:${ISEGMENT_NZ}(?:/${ISEGMENT})*)?`;
const IPATH_ROOTLESS = `${ISEGMENT_NZ}(?:/${ISEGMENT})*`;
const IPATH_NOSCHEME = `${ISEGMENT_NZ_NC}(?:/${ISEGMENT})*`;
const IQUERY = `(?:\\?(?:${IPCHAR}|[${IPRIVATE}/?])*)?`;
const IFRAGMENT = `(?:#(?:${IPCHAR}|[/?])*)?`;
const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*';

const IRI = new RegExp(`^${SCHEME}:(?://${IAUTHORITY}${IPATH_ABEMPTY}|${IPATH_ABSOLUTE}|${IPATH_ROOTLESS}|)${IQUERY}${IFRAGMENT}$`, 'u');
const IRELATIVE_REF = new RegExp(`^(?://${IAUTHORITY}${IPATH_ABEMPTY}|${IPATH_ABSOLUTE}|${IPATH_NOSCHEME}|)${IQUERY}${IFRAGMENT}$`, 'u');
const IPV_FUTURE = new RegExp(`^[Vv][0-9A-Fa-f]+\\.[A-Za-z0-9\\-._~${SUB_DELIMS}:]+$`);
const IPV6 = fullFormats.ipv6 as RegExp;

function matchesWithHost(pattern: RegExp, value: string): boolean {
  const match = pattern.exec(value);
  if (match === null) return false;
  const literal = match.groups?.literal;
  return literal === undefined || IPV6.test(literal) || IPV_FUTURE.test(literal);
}

/**
 * The `iri` format: an absolute IRI (RFC 3987), fragment allowed.
 * @example isIri('http://ƒøø.ßår/?∂éœ=πîx#πîüx') // true
 */
export function isIri(value: string): boolean {
  return matchesWithHost(IRI, value);
}

/**
 * The `iri-reference` format: an IRI or a relative reference (RFC 3987).
 * @example isIriReference('//ƒøø.ßår/?∂éœ=πîx#πîüx') // true
 */
export function isIriReference(value: string): boolean {
  return matchesWithHost(IRI, value) || matchesWithHost(IRELATIVE_REF, value);
}
