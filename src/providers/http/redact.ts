// Keeping credentials out of errors: every text that reaches an error goes through a redactor.

export type Redact = (text: string) => string;

/** Header names whose values are credentials. */
const SECRET_HEADER = /auth|key|token|secret|cookie/i;

/** Shortest value treated as a secret; shorter ones would mangle ordinary text. */
const MIN_SECRET_LENGTH = 4;

/** The longest excerpt of a response body an error keeps. */
export const MAX_EXCERPT = 500;

/** The secrets of a provider: its API key and the values of credential-like headers. */
export function secretsOf(apiKey: string | undefined, headers: Headers): string[] {
  const secrets = apiKey ? [apiKey] : [];
  headers.forEach((value, name) => {
    if (!SECRET_HEADER.test(name)) return;
    secrets.push(value);
    // `Bearer <token>`: the bare token may be echoed on its own.
    const token = value.split(/\s+/).pop();
    if (token && token !== value) secrets.push(token);
  });
  return secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

/** Replaces every occurrence of each secret by `[redacted]`. */
export function createRedactor(secrets: readonly string[]): Redact {
  const sorted = [...new Set(secrets)].sort((a, b) => b.length - a.length);
  return (text) => sorted.reduce((result, secret) => result.split(secret).join('[redacted]'), text);
}

/** The first `max` characters of `text`, marked when cut. */
export function excerpt(text: string, max: number = MAX_EXCERPT): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  return `${trimmed.slice(0, max - 1)}…`;
}
