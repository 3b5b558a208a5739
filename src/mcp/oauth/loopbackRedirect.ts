// The redirect end of an OAuth authorization on this machine (RFC 8252 loopback redirect):
// a one-path HTTP server on 127.0.0.1 that the browser is sent back to with the code. It
// gives connectMcpServers' `oauth` option its `redirectUri` and `getAuthorizationCode`.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Options of `createLoopbackRedirect`. */
export interface LoopbackRedirectOptions {
  /** Port on 127.0.0.1; default 0 (any free one). */
  port?: number;
  /** Path of the redirect URI; default `/callback`. */
  path?: string;
  /** Shows the authorization URL to the person; default `openInBrowser`. */
  openBrowser?: (url: URL) => void | Promise<void>;
}

/** A listening loopback redirect: pass `redirectUri` and `getAuthorizationCode` to the `oauth` option. */
export interface LoopbackRedirect {
  redirectUri: string;
  getAuthorizationCode(server: string, authorizationUrl: URL, options: { signal: AbortSignal }): Promise<string>;
  /** Stops listening; a wait in progress is rejected. */
  close(): Promise<void>;
}

interface Waiting {
  state: string | null;
  resolve: (code: string) => void;
  reject: (error: Error) => void;
}

/**
 * Listens on 127.0.0.1 for the authorization server's redirect; each `getAuthorizationCode` opens the browser and waits for its code.
 * @example
 * import { createAgent } from 'tinyagent';
 * import { connectMcpServers, createFileOAuthStore, loadMcpConfig } from 'tinyagent/mcp';
 * import { createScriptedProvider } from 'tinyagent/testing';
 * const agent = createAgent({ provider: createScriptedProvider([{ text: 'hi' }]) });
 * const config = await loadMcpConfig('.mcp.json');
 * const dir = '/home/me/.config/tinyagent/mcp-oauth';
 * const redirect = await createLoopbackRedirect();
 * const mcp = await connectMcpServers(config, agent.tools, { oauth: { ...redirect, store: createFileOAuthStore({ dir }) } });
 * await redirect.close();
 */
export async function createLoopbackRedirect(options: LoopbackRedirectOptions = {}): Promise<LoopbackRedirect> {
  const path = options.path ?? '/callback';
  const openBrowser = options.openBrowser ?? openInBrowser;
  const waiting = new Set<Waiting>();
  const server = createServer((request, response) => answer(request, response, path, waiting));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const redirectUri = `http://127.0.0.1:${port}${path}`;
  return {
    redirectUri,
    getAuthorizationCode: (_server, authorizationUrl, { signal }) =>
      new Promise<string>((resolve, reject) => {
        const entry: Waiting = {
          state: authorizationUrl.searchParams.get('state'),
          resolve: (code) => settle(() => resolve(code)),
          reject: (error) => settle(() => reject(error)),
        };
        const onAbort = () => entry.reject(new Error('the authorization was given up'));
        const settle = (finish: () => void) => {
          waiting.delete(entry);
          signal.removeEventListener('abort', onAbort);
          finish();
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        waiting.add(entry);
        Promise.resolve(openBrowser(authorizationUrl)).catch((error: unknown) => entry.reject(error instanceof Error ? error : new Error(String(error))));
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const entry of [...waiting]) entry.reject(new Error('the loopback redirect was closed'));
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// The browser's redirect: the code (or the error) for the authorization whose state it carries.
function answer(request: IncomingMessage, response: ServerResponse, path: string, waiting: Set<Waiting>): void {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (url.pathname !== path) return page(response, 404, 'Not found.');
  const state = url.searchParams.get('state');
  const entry = [...waiting].find((candidate) => candidate.state === state);
  if (!entry) return page(response, 400, 'This authorization is not expected (unknown or repeated state).');
  const error = url.searchParams.get('error');
  const code = url.searchParams.get('code');
  if (error !== null || code === null) {
    entry.reject(new Error(`the authorization server refused: ${error ?? 'no code'}${url.searchParams.has('error_description') ? ` (${url.searchParams.get('error_description')})` : ''}`));
    return page(response, 400, 'Authorization failed. You can close this window.');
  }
  entry.resolve(code);
  page(response, 200, 'Authorized. You can close this window and return to the terminal.');
}

function page(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`${text}\n`);
}

/**
 * Opens a URL in the default browser (`open` on macOS, `start` on Windows, `xdg-open` elsewhere), without a shell.
 * @example await openInBrowser(new URL('https://example.com'))
 */
export function openInBrowser(url: URL): Promise<void> {
  const [command, args] = process.platform === 'darwin'
    ? ['open', [url.href]]
    : process.platform === 'win32'
      ? ['cmd', ['/c', 'start', '""', url.href.replace(/&/g, '^&')]]
      : ['xdg-open', [url.href]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.once('error', (error) => reject(new Error(`cannot open a browser (${command}): ${error.message}; open ${url.href} yourself`)));
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
  });
}
