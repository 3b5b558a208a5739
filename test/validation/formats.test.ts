// The formats ajv-formats lacks or gets wrong, as the RFCs define them: `hostname` and
// `idn-hostname` (IDNA2008 labels), `iri` and `iri-reference` (RFC 3987).
import { describe, expect, it } from 'vitest';
import { compileSchema } from '../../src/tools/validation/schemaValidator.js';

const verdicts = (format: string, values: string[]) => {
  const validate = compileSchema({ type: 'object', properties: { v: { type: 'string', format } } });
  return values.map((v) => validate({ v }).valid);
};

describe('formats', () => {
  it('hostname: ASCII labels in any case, A-labels only when they decode to a valid U-label', () => {
    expect(verdicts('hostname', ['www.Example.com', 'xn--ihqwcrb4cv8a8dqg056pqjye', 'xn--X', 'xn--example-', 'ab--cd.com', 'a..b', 'bücher.de'])).toEqual([
      true, true, false, false, false, false, false,
    ]);
  });

  it('idn-hostname: U-labels as IDNA2008 has them, contextual rules included', () => {
    expect(verdicts('idn-hostname', ['bücher.de', 'bÜcher.de', '실례。테스트', 'l·l', 'a·l', 'α͵β', 'α͵S', '♥.com', 'a'.repeat(64)])).toEqual([
      true, false, true, true, false, true, false, false, false,
    ]);
  });

  it('a name longer than 253 characters is refused whatever it holds', () => {
    expect(verdicts('idn-hostname', [`${'a.'.repeat(126)}a`, `${'a.'.repeat(127)}a`, 'ü'.repeat(100_000)])).toEqual([true, false, false]);
  });

  it('iri and iri-reference: Unicode where URIs allow only ASCII, IPv6 literals checked', () => {
    expect(verdicts('iri', ['http://ƒøø.ßår/?∂éœ=πîx#πîüx', 'http://[2001:db8::1]/', 'http://[2001:db8::zz]/', '//relative', 'no scheme'])).toEqual([true, true, false, false, false]);
    expect(verdicts('iri-reference', ['//ƒøø.ßår/?∂éœ=πîx#πîüx', '#ƒrägmênt', '\\\\WINDOWS\\filëßåré'])).toEqual([true, true, false]);
  });
});
