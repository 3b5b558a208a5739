// The environment a command sees: a short allow-list of this process's variables (what a
// shell and common tools need to find programs, a home, a locale and a terminal), read at
// each call, plus what the application names. Everything else, the providers' API keys
// first, stays out: one `echo $OPENAI_API_KEY` would put a key into the conversation.

/** Variables passed from this process's environment when it has them. */
export const INHERITED_VARIABLES: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'COLORTERM',
  'NO_COLOR',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TMP',
  'TEMP',
  // Windows needs these to start programs at all.
  'SYSTEMROOT',
  'COMSPEC',
  'PATHEXT',
  'WINDIR',
];

// The locale categories: LC_ALL, LC_CTYPE, LC_MESSAGES, …
const LOCALE = /^LC_[A-Z]+$/;

/**
 * The allow-listed variables of `source` (default: this process's environment now), then `added`.
 * @example commandEnvironment({ GIT_PAGER: 'cat' }) // { PATH: '/usr/bin:/bin', HOME: '/home/me', …, GIT_PAGER: 'cat' }
 */
export function commandEnvironment(added: Readonly<Record<string, string>>, source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    // Windows spells variable names in any case (Path, SystemRoot).
    const key = process.platform === 'win32' ? name.toUpperCase() : name;
    if (value !== undefined && (INHERITED_VARIABLES.includes(key) || LOCALE.test(key))) env[name] = value;
  }
  return { ...env, ...added };
}
