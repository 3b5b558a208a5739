// A local HTTP server on 127.0.0.1 that plays a provider: each request is answered by the next
// scripted handler, and everything the adapter sent is recorded for assertions.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** Resolves when the connection closes; `beforeEnd` is true if the response had not finished. */
  closed: Promise<{ beforeEnd: boolean }>;
}

export type Handler = (request: ReceivedRequest, response: ServerResponse) => void | Promise<void>;

export interface FakeServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

/** Starts a server that answers the n-th request with `handlers[n]` (and a loud 500 beyond them). */
export async function startFakeServer(handlers: Handler[]): Promise<FakeServer> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const closed = new Promise<{ beforeEnd: boolean }>((resolve) => {
        res.on('close', () => resolve({ beforeEnd: !res.writableFinished }));
      });
      const received: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: text === '' ? undefined : JSON.parse(text),
        closed,
      };
      const handler = handlers[requests.length];
      requests.push(received);
      if (!handler) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"fake server: unexpected request"}');
        return;
      }
      Promise.resolve(handler(received, res)).catch((error: unknown) => {
        res.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** Answers with a JSON body. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body));
  };
}

/** Answers 200 with an event stream. */
export function sse(text: string): Handler {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }).end(text);
  };
}

/** Writes the headers of an event stream and the given events, then leaves it open. */
export function openStream(response: ServerResponse, text: string): void {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.write(text);
}

/** A recorded response under test/fixtures, e.g. `fixture('openai/text.sse')`. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

/** A promise with its resolve exposed: a gate a handler waits on (the suite's shared helper). */
export { deferred } from '../helpers/deferred.js';

/** An injected retry sleep that records the delays and never waits. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: (ms) => {
      delays.push(ms);
      return Promise.resolve();
    },
  };
}
