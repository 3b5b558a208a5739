#!/usr/bin/env node
// The `tinyagent` executable (package.json "bin"): parse, run, and let the process end by itself.
// No process.exit here: writes to a pipe are asynchronous (a slow reader would lose the rest),
// and a shell command's SIGKILL after its grace period is a timer that must still fire.
import { flushed, nodeIo } from './io.js';
import { runCli } from './program.js';

// A handle nobody closes must not keep a finished CLI alive for ever: this long after its output
// is flushed, it exits anyway (longer than a shell command's SIGTERM-to-SIGKILL grace).
const LINGER_MS = 15_000;

process.exitCode = await runCli(process.argv.slice(2), nodeIo());
// Stop reading stdin (a terminal or a pipe) so that it does not hold the process open.
process.stdin.destroy();
await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
setTimeout(() => process.exit(), LINGER_MS).unref();
