// Preloaded (node --import) into the conformance runner and into our client under test:
// every server listens on 127.0.0.1 only, and every fetch to "localhost" (the runner's
// URLs say localhost) goes to 127.0.0.1, so nothing leaves the loopback address.
// The runner reads server.address() right after listen(0), so binding must stay synchronous:
// a TCP handle bound to 127.0.0.1 here (bind is synchronous), then handed to listen().
import net from 'node:net';

const { TCP, constants } = process.binding('tcp_wrap');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const callback = typeof args.at(-1) === 'function' ? args.pop() : undefined;
  const first = args[0];
  const port = Number((typeof first === 'object' && first !== null ? first.port : first) ?? 0);
  const handle = new TCP(constants.SERVER);
  const error = handle.bind('127.0.0.1', port);
  if (error !== 0) throw new Error(`cannot bind 127.0.0.1:${port} (libuv error ${error})`);
  return listen.call(this, handle, callback);
};

const originalFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  if (typeof input === 'string' || input instanceof URL) {
    const url = new URL(input);
    if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
    return originalFetch(url, init);
  }
  return originalFetch(input, init);
};
