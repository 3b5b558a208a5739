// Opening a URL for the person: the program named by TINYAGENT_BROWSER (run without a shell,
// the URL its one argument; tests put a script there), else the system's default browser.
import { spawn } from 'node:child_process';
import { openInBrowser } from '../../index.js';

/**
 * How the CLI opens URLs in this environment.
 * @example await browserFor(process.env)(new URL('https://example.com'))
 */
export function browserFor(env: Record<string, string | undefined>): (url: URL) => Promise<void> {
  const program = env.TINYAGENT_BROWSER?.trim();
  if (!program) return openInBrowser;
  return (url) =>
    new Promise((resolve, reject) => {
      const child = spawn(program, [url.href], { stdio: 'ignore', detached: true });
      child.once('error', (error) => reject(new Error(`cannot open a browser (TINYAGENT_BROWSER=${program}): ${error.message}; open ${url.href} yourself`)));
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
}
