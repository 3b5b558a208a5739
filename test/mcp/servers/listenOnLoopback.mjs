// Preloaded (node --import) into an HTTP server that calls listen(port) without a host:
// every listen binds 127.0.0.1 only, on the port given (0: any free one), and the bound
// address is printed to stderr as "LISTENING <address> <port>" for the test to read.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const callback = typeof args.at(-1) === 'function' ? args.pop() : undefined;
  const port = typeof args[0] === 'object' && args[0] !== null ? args[0].port : args[0];
  this.once('listening', () => { const { address, port } = this.address(); process.stderr.write(`LISTENING ${address} ${port}\n`); });
  return listen.call(this, { port: Number(port ?? 0), host: '127.0.0.1' }, callback);
};

// The test holds our stdin open: when the test process ends, however it ends, so do we.
process.stdin.on('end', () => process.exit(0));
process.stdin.on('error', () => process.exit(0));
process.stdin.resume();
