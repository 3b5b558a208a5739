#!/usr/bin/env node
// The `tinyagent` executable (package.json "bin"): parse, run, exit with the command's code.
import { nodeIo } from './io.js';
import { runCli } from './program.js';

const code = await runCli(process.argv.slice(2), nodeIo());
// Exit explicitly: an MCP transport or a stdin listener must not keep a finished CLI alive.
// Writes to pipes and files are synchronous on Linux and macOS, so nothing is cut.
process.exit(code);
