// Every format draft-07 and 2020-12 define, asserted. ajv-formats provides them; where it
// departs from the RFCs (or lacks a format), tinyagent's own validators replace it.
import type { Format } from 'ajv';
import addFormats from 'ajv-formats';
import { isDateTime, isDuration } from './dateTimeFormats.js';
import { isEmail, isIdnEmail } from './emailFormat.js';
import { isHostname, isIdnHostname } from './hostnameFormats.js';
import { isIri, isIriReference, isUri, isUriReference, isUriTemplate } from './iriFormats.js';

/**
 * The `regex` format: an ECMAScript regular expression in Unicode mode, as schema patterns
 * are (compiled, never run).
 * @example [isEcmaRegExp('^\\p{L}+$'), isEcmaRegExp('\\a')] // [true, false]
 */
export function isEcmaRegExp(value: string): boolean {
  try {
    new RegExp(value, 'u');
    return true;
  } catch {
    return false;
  }
}

const OWN_FORMATS: Readonly<Record<string, Format>> = {
  'date-time': isDateTime,
  duration: isDuration,
  email: isEmail,
  'idn-email': isIdnEmail,
  uuid: /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i,
  regex: isEcmaRegExp,
  // IDNA2008 labels, for ASCII host names (their A-labels) as for internationalized ones.
  hostname: isHostname,
  'idn-hostname': isIdnHostname,
  uri: isUri,
  'uri-reference': isUriReference,
  'uri-template': isUriTemplate,
  iri: isIri,
  'iri-reference': isIriReference,
};

/**
 * Adds the formats to an Ajv instance: ajv-formats', and tinyagent's own where ajv-formats lacks or departs from a standard format.
 * @example
 * import { Ajv } from 'ajv';
 * addStandardFormats(new Ajv());
 */
export function addStandardFormats(ajv: Parameters<typeof addFormats.default>[0]): void {
  // Under NodeNext the CJS default export is the module object; `.default` is the plugin.
  addFormats.default(ajv);
  for (const [name, format] of Object.entries(OWN_FORMATS)) ajv.addFormat(name, format);
}
