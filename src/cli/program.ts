// The command line: `run`, `sessions list`, `sessions show`, parsed by commander.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { TinyAgentError } from '../index.js';
import { runCommand, type RunCommandOptions, type ToolKind } from './commands/runCommand.js';
import { sessionsList, sessionsShow } from './commands/sessionsCommand.js';
import { ExitCode } from './exitCodes.js';
import type { CliIo } from './io.js';
import { UsageError } from './usageError.js';

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`expected a whole number >= 0, got "${value}"`);
  return Number(value);
}

const locationOptions = (command: Command) =>
  command
    .option('--cwd <dir>', 'project folder the tools work in (default: the current directory)')
    .option('--sessions-dir <dir>', 'where sessions are kept (default: <cwd>/.tinyagent/sessions)');

const outputOption = () => new Option('--output <format>', 'output format').choices(['text', 'jsonl']).default('text');

/**
 * Builds the `tinyagent` command; `parseAsync` it with the process arguments.
 * @example
 * import { nodeIo } from './io.js';
 * await buildProgram(nodeIo(), (code) => { process.exitCode = code; }).parseAsync(process.argv)
 */
export function buildProgram(io: CliIo, setExitCode: (code: number) => void): Command {
  const program = new Command('tinyagent')
    .description('Run an LLM agent with validated, limited, cancellable, audited tools.')
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');

  locationOptions(
    program
      .command('run')
      .description('run one prompt through the agent and stream what happens')
      .argument('<prompt>', 'what to ask the model')
      .option('--session <id>', 'continue this session (its history is sent); default: a new session')
      .addOption(new Option('--tools <kind...>', 'built-in tools: read, write (adds writing), shell, none').choices(['read', 'write', 'shell', 'none']).default(['read']))
      .option('--mcp-config <file>', 'attach the MCP servers of this .mcp.json file')
      .option('--skills <dir...>', 'skill folders (default: <cwd>/.agents/skills and ~/.agents/skills, when they exist)')
      .option('--model <name>', 'model name (overrides TINYAGENT_MODEL)')
      .option('--max-iterations <n>', 'tool batches the Run may execute', wholeNumber)
      .addOption(outputOption())
      .option('--yes', 'approve every call of the writing tools and shell', false),
  ).action(async (prompt: string, options: RunCommandOptions & { tools: ToolKind[] }) => {
    setExitCode(await runCommand(prompt, options, io));
  });

  const sessions = program.command('sessions').description('read the audit trail of past Runs');
  locationOptions(sessions.command('list').description('list the sessions, newest first')).action(async (options) => {
    setExitCode(await sessionsList(options, io));
  });
  locationOptions(sessions.command('show').description("print a session's messages").argument('<id>', 'session id'))
    .addOption(outputOption())
    .action(async (id: string, options) => {
      setExitCode(await sessionsShow(id, options, io));
    });
  return program;
}

/**
 * Runs the CLI with these arguments (without `node` and the script) and resolves the exit code.
 * @example
 * import { nodeIo } from './io.js';
 * process.exitCode = await runCli(process.argv.slice(2), nodeIo())
 */
export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  let code: number = ExitCode.completed;
  const program = buildProgram(io, (value) => {
    code = value;
  });
  try {
    await program.parseAsync([...args], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version end with exit code 0; everything else commander reports is usage.
      return error.exitCode === 0 ? ExitCode.completed : ExitCode.usage;
    }
    if (error instanceof UsageError || (error instanceof TinyAgentError && error.code === 'invalid_option')) {
      io.stderr.write(`tinyagent: ${error.message}\n`);
      return ExitCode.usage;
    }
    const message = error instanceof Error ? error.message : String(error);
    const code = error instanceof TinyAgentError ? ` [${error.code}]` : '';
    io.stderr.write(`tinyagent: error${code}: ${message}\n`);
    return ExitCode.failed;
  }
}
