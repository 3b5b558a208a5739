// Keeping a server's secrets out of what the application sees (status errors, stderr
// tails, call errors): the values `${VAR}` expanded to, the credentials of its URL, and the
// values of credential-like headers, each replaced by `[redacted]` wherever it appears.

/** Header names whose values are credentials. */
const SECRET_HEADER = /auth|key|token|secret|cookie|session|password/i;
/** Shorter values would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;

/** Replaces every known secret of one server in a text. */
export type Redactor = (text: string) => string;

/**
 * The secrets of a URL: its user, its password, and its query values (tokens often travel there).
 * @example urlSecrets(new URL('https://me:s3cret@host/mcp?key=abcd')) // ['me', 's3cret', 'abcd']
 */
export function urlSecrets(url: URL): string[] {
  const secrets = [url.username, url.password, decode(url.username), decode(url.password)];
  url.searchParams.forEach((value) => secrets.push(value));
  return secrets;
}

/**
 * The values of headers whose names say they hold credentials, and the bare token of `Bearer <token>`.
 * @example headerSecrets({ Authorization: 'Bearer abcd' }) // ['Bearer abcd', 'abcd']
 */
export function headerSecrets(headers: Record<string, string>): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADER.test(name)) continue;
    secrets.push(value, ...value.split(/\s+/).slice(1));
  }
  return secrets;
}

/**
 * A redactor for these secrets (longest first, so a secret containing another is replaced whole).
 * @example redactorOf(['s3cret'])('token s3cret') // 'token [redacted]'
 */
export function redactorOf(secrets: readonly string[]): Redactor {
  const sorted = [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  return (text) => sorted.reduce((result, secret) => result.split(secret).join('[redacted]'), text);
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
