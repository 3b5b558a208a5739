// The formats ajv-formats lacks or gets wrong, as the RFCs define them: `hostname` and
// `idn-hostname` (IDNA2008 labels), `uri`, `uri-reference`, `iri`, `iri-reference`,
// `uri-template`, `date-time`, `duration`, `email`, `uuid` and `regex`.
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

  it('uri and uri-reference: a numeric port, no brackets outside an IP literal, no colon in a first relative segment', () => {
    expect(verdicts('uri', ['http://example.com:8080/a', 'http://example.com:port/', 'http://example.com/a[b]', 'http://[::ffff:192.168.0.1]/'])).toEqual([true, false, false, true]);
    expect(verdicts('uri-reference', ['../a?b#c', 'a:b/c', '//host:x/', '"quoted"'])).toEqual([true, true, false, false]);
  });

  it('uri-template: expressions of an operator and variables with a prefix or explode', () => {
    expect(verdicts('uri-template', ['http://example.com/{term:1}/{+path*}', '{a.b}', "a'b", '{}', '{v:0}', '{a,}', 'a\u007Fb', 'a b'])).toEqual([
      true, true, true, false, false, false, false, false,
    ]);
  });

  it('date-time: minutes in the offset, a leap second only at 23:59:60 UTC', () => {
    expect(verdicts('date-time', ['1998-12-31T23:59:60Z', '1998-12-31T15:59:60.123-08:00', '1998-12-31T22:59:60Z', '1985-04-12T23:20:50+01', '2024-02-29T00:00:00Z', '2023-02-29T00:00:00Z'])).toEqual([
      true, true, false, false, true, false,
    ]);
  });

  it('duration: parts in order without a skipped unit', () => {
    expect(verdicts('duration', ['P1Y2M3DT4H5M6S', 'P4W', 'PT36H', 'P1Y2D', 'PT1H2S', 'P', 'P1D2W'])).toEqual([true, true, true, false, false, false, false]);
  });

  it('email: quoted local parts and address literals; uuid: no URN prefix', () => {
    expect(verdicts('email', ['joe.bloggs@example.com', '"joe bloggs"@example.com', 'joe@[127.0.0.1]', 'joe@[IPv6:::1]', '.joe@example.com', 'joe..b@example.com', 'joe@-example.com'])).toEqual([
      true, true, true, true, false, false, false,
    ]);
    expect(verdicts('uuid', ['2eb8aa08-aa98-11ea-b4aa-73b441d16380', 'urn:uuid:2eb8aa08-aa98-11ea-b4aa-73b441d16380'])).toEqual([true, false]);
  });

  it('regex: an ECMAScript expression in Unicode mode, as patterns are', () => {
    expect(verdicts('regex', ['^\\p{L}+$', '([a-z])\\1', '\\a', '(unclosed'])).toEqual([true, true, false, false]);
  });
});
