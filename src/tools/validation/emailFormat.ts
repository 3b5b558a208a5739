// The `email` format as RFC 5321 writes a mailbox: a dot-string or a quoted string before the
// `@`, a host name or an address literal (`[192.0.2.1]`, `[IPv6:…]`) after it. ajv-formats
// refuses quoted local parts and address literals. `idn-email` (RFC 6531) is parsed by
// smtp-address-parser's grammar, which refuses addresses over RFC 5321's length limits first.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { isHostname } from './hostnameFormats.js';
import type * as SmtpAddressParser from 'smtp-address-parser';
import { lazyModule } from './lazyModule.js';

const smtpAddress = lazyModule<typeof SmtpAddressParser>('smtp-address-parser');

const ATEXT = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]";
const DOT_STRING = new RegExp(`^${ATEXT}+(?:\\.${ATEXT}+)*$`);
const QUOTED_STRING = /^"(?:[ !#-[\]-~]|\\[ -~])*"$/;
const IPV4 = fullFormats.ipv4 as RegExp;
const IPV6 = fullFormats.ipv6 as RegExp;

function validDomain(domain: string): boolean {
  if (!domain.startsWith('[')) return isHostname(domain);
  if (!domain.endsWith(']')) return false;
  const literal = domain.slice(1, -1);
  return literal.startsWith('IPv6:') ? IPV6.test(literal.slice(5)) : IPV4.test(literal);
}

/**
 * The `email` format: an RFC 5321 mailbox.
 * @example [isEmail('"joe bloggs"@example.com'), isEmail('joe.@example.com')] // [true, false]
 */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  return (DOT_STRING.test(local) || QUOTED_STRING.test(local)) && validDomain(value.slice(at + 1));
}

/**
 * The `idn-email` format: an RFC 6531 mailbox (Unicode in the local part and the domain).
 * @example isIdnEmail('실례@실례.테스트') // true
 */
export function isIdnEmail(value: string): boolean {
  try {
    smtpAddress().parse(value);
    return true;
  } catch {
    return false;
  }
}
