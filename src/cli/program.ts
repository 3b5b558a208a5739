// The command line: `run`, `sessions list|show|rm`, `mcp list`, parsed by commander.
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { TinyAgentError } from '../index.js';
import { PERMISSION_MODES, type PermissionMode } from './approval/approvalPolicy.js';
import { mcpLogin, mcpLogout } from './commands/mcpAuthCommand.js';
import { mcpList } from './commands/mcpCommand.js';
import { resumeCommand } from './commands/resumeCommand.js';
import { runCommand, type OutputFormat, type RunCommandOptions } from './commands/runCommand.js';
import { sessionsList, sessionsRm, sessionsShow } from './commands/sessionsCommand.js';
import { ExitCode } from './exitCodes.js';
import type { CliIo } from './io.js';
import { visibleControls } from './render/visibleControls.js';
import { TOOL_KINDS, type ToolKind } from './tools/cliTools.js';
import { UsageError } from './usageError.js';
import { cliVersion } from './version.js';

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`expected a whole number >= 0, got "${value}"`);
  return Number(value);
}

// One value or several, comma-separated; a repeated flag adds to the list. Never variadic:
// a variadic flag would swallow the prompt that follows it.
function commaList(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), ...value.split(',').map((part) => part.trim()).filter((part) => part !== '')];
}

// Claude Code's spellings are accepted too.
const PERMISSION_ALIASES: Record<string, PermissionMode> = { acceptEdits: 'accept-edits', bypassPermissions: 'bypass' };

function permissionMode(value: string): PermissionMode {
  const mode = PERMISSION_ALIASES[value] ?? value;
  if (!PERMISSION_MODES.includes(mode as PermissionMode)) throw new InvalidArgumentError(`"${value}" is not one of ${PERMISSION_MODES.join(', ')}`);
  return mode as PermissionMode;
}

// Rule lists are split later, on commas and spaces outside parentheses (`shell(git log *)`).
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function toolKinds(value: string, previous: ToolKind[] | undefined): ToolKind[] {
  const kinds = commaList(value, previous);
  for (const kind of kinds) {
    if (!TOOL_KINDS.includes(kind as ToolKind)) throw new InvalidArgumentError(`"${kind}" is not one of ${TOOL_KINDS.join(', ')}`);
  }
  return kinds as ToolKind[];
}

const locationOptions = (command: Command) =>
  command
    .option('--cwd <dir>', 'project folder the tools work in (default: the current directory)')
    .option('--sessions-dir <dir>', 'where sessions are kept (default: <state home>/projects/<project>/sessions)');

// The flags of every command that runs the agent: output, model, instructions, tools, rules, limits, MCP, skills.
const agentOptions = (command: Command) =>
  command
    .addOption(new Option('--output-format <format>', 'text (the answer), json (one result object), stream-json (JSON lines)').choices(['text', 'json', 'stream-json']))
    .addOption(new Option('--output <format>', 'the same as --output-format (jsonl = stream-json)').choices(['text', 'json', 'jsonl', 'stream-json']).hideHelp())
    .option('--model <name>', 'model name (overrides TINYAGENT_MODEL)')
    .option('--system-prompt <text>', 'replace the default system prompt')
    .option('--append-system-prompt <text>', 'add to the system prompt')
    .option('--no-agents-md', 'do not add the AGENTS.md files of the working directory and its parents up to the repository root')
    .option('--tools <kinds>', 'built-in tools, comma-separated: read, write (adds writing), shell, none (default: read)', toolKinds)
    .option('--allowed-tools <rules>', 'permission rules, comma- or space-separated (read_file, mcp__fs__*, shell(git log *)): matching calls run without asking', collect)
    .addOption(new Option('--allowedTools <rules>').argParser(collect).hideHelp())
    .option('--disallowed-tools <rules>', 'permission rules of calls that are refused; a tool named without a specifier is not offered', collect)
    .addOption(new Option('--disallowedTools <rules>').argParser(collect).hideHelp())
    .addOption(new Option('--permission-mode <mode>', `default (ask on a terminal, else deny), accept-edits (allow write_file and edit_file), bypass (allow all)`).argParser(permissionMode))
    .option('--yes', 'allow every call (the same as --permission-mode bypass)')
    .option('--max-turns <n>', 'tool batches the Run may execute (default 25)', wholeNumber)
    .addOption(new Option('--max-iterations <n>', 'the same as --max-turns').argParser(wholeNumber).hideHelp())
    .option('--mcp-config <file>', 'attach the MCP servers of this .mcp.json file')
    .option('--mcp-trust <servers>', 'MCP servers (comma-separated) whose readOnlyHint is believed: their read-only tools run without asking', commaList)
    .option('--skills <dirs>', 'skill folders, comma-separated (default: <cwd>/.agents/skills and ~/.agents/skills, when they exist)', commaList);

const HELP_FOOTER = `
Environment:
  OPENAI_API_KEY, OPENAI_BASE_URL      OpenAI, or a compatible server (a base URL alone suits keyless local servers)
  ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL
                                       Anthropic
  TINYAGENT_PROVIDER                   openai | anthropic, when both are configured
  TINYAGENT_MODEL                      the model (--model overrides it)
  TINYAGENT_HOME                       the CLI's state folder (default: $XDG_STATE_HOME/tinyagent, else ~/.tinyagent)
  XDG_CONFIG_HOME                      the user's settings: $XDG_CONFIG_HOME/tinyagent/settings.json (else ~/.config/tinyagent/settings.json),
                                       MCP OAuth tokens in $XDG_CONFIG_HOME/tinyagent/mcp-oauth
  TINYAGENT_BROWSER                    the program that opens URLs (default: xdg-open, open or start)
  NO_COLOR                             no colours

Settings files:
  .tinyagent/settings.json (the project's) and the user's, with
  { "permissions": { "allow": [...], "ask": [...], "deny": [...] } }: the same rules as the flags;
  the lists of all sources are concatenated, so a deny anywhere wins (also with --yes).

Exit codes:
  0 completed   1 the Run failed   2 usage or configuration error   3 --max-turns reached
  130 cancelled by SIGINT (Ctrl-C)   143 cancelled by SIGTERM

Examples:
  $ tinyagent run "Summarise README.md"
  $ git diff | tinyagent run --output-format json "Review this change" | jq -r .result
  $ tinyagent run --tools read,write --allowed-tools write_file --continue "Now fix the typo"
  $ tinyagent resume 2026-12-01T05-02-03-a1b2c3 --tools shell --yes

Reference: docs/cli.md
`;

interface RawRunOptions extends Omit<RunCommandOptions, 'outputFormat' | 'maxTurns' | 'tools'> {
  tools?: ToolKind[];
  outputFormat?: OutputFormat;
  output?: 'text' | 'json' | 'jsonl' | 'stream-json';
  maxTurns?: number;
  maxIterations?: number;
}

function runOptions(raw: RawRunOptions): RunCommandOptions {
  const { output, maxIterations, ...rest } = raw;
  const outputFormat = raw.outputFormat ?? (output === 'jsonl' ? 'stream-json' : output) ?? 'text';
  return { ...rest, tools: raw.tools ?? ['read'], outputFormat, maxTurns: raw.maxTurns ?? maxIterations };
}

/**
 * Builds the `tinyagent` command; `parseAsync` it with the process arguments.
 * @example
 * import { nodeIo } from './io.js';
 * await buildProgram(nodeIo(), (code) => { process.exitCode = code; }).parseAsync(process.argv)
 */
export function buildProgram(io: CliIo, setExitCode: (code: number) => void): Command {
  const program = new Command('tinyagent')
    .description('Run an LLM agent with validated, limited, cancellable, audited tools.')
    .version(cliVersion(), '-v, --version', 'print the version')
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', HELP_FOOTER);

  locationOptions(
    agentOptions(
      program
        .command('run')
        .description('run one prompt through the agent: the answer on stdout, progress on stderr')
        .addHelpText('after', HELP_FOOTER)
        .argument('[prompt]', 'what to ask the model; "-" or none with piped stdin: read it from stdin (a prompt plus piped stdin sends both)'),
    )
      .option('--resume <id>', 'continue this session (exit 2 if it does not exist)')
      .option('-c, --continue', 'continue the most recent session of this project')
      .option('--session-id <id>', 'start a new session with this id (exit 2 if it exists)')
      .option('--session <id>', 'continue this session, or create it'),
  ).action(async (prompt: string | undefined, options: RawRunOptions) => {
    setExitCode(await runCommand(prompt, runOptions(options), io));
  });

  locationOptions(
    agentOptions(
      program
        .command('resume')
        .description("continue the session's interrupted Run where it stopped (calls that were running get interrupted results)")
        .addHelpText('after', HELP_FOOTER)
        .argument('<id>', 'session id (tinyagent sessions list shows them)'),
    ),
  ).action(async (id: string, options: RawRunOptions) => {
    setExitCode(await resumeCommand(id, runOptions(options), io));
  });

  const sessions = program.command('sessions').description('read the audit trail of past Runs');
  locationOptions(sessions.command('list').description('list the sessions, newest first, with how their last Run ended')).action(async (options) => {
    setExitCode(await sessionsList(options, io));
  });
  locationOptions(sessions.command('show').description("print a session's messages").argument('<id>', 'session id'))
    .addOption(new Option('--output <format>', 'output format').choices(['text', 'jsonl']).default('text'))
    .action(async (id: string, options) => {
      setExitCode(await sessionsShow(id, options, io));
    });
  locationOptions(sessions.command('rm').description('delete a session').argument('<id>', 'session id')).action(async (id: string, options) => {
    setExitCode(await sessionsRm(id, options, io));
  });

  const mcp = program.command('mcp').description('the MCP servers of a configuration');
  locationOptions(mcp.command('list').description('connect each server, print its state and tool count, close it'))
    .option('--mcp-config <file>', 'the .mcp.json file (default: .mcp.json in the working directory)')
    .option('--mcp-trust <servers>', 'servers whose readOnlyHint is believed', commaList)
    .addOption(new Option('--output-format <format>', 'text, or json (an array)').choices(['text', 'json']).default('text'))
    .action(async (options) => {
      setExitCode(await mcpList(options, io));
    });
  locationOptions(mcp.command('login').description('authorize an HTTP server in the browser and keep its tokens').argument('<server>', 'server name in the configuration'))
    .option('--mcp-config <file>', 'the .mcp.json file (default: .mcp.json in the working directory)')
    .action(async (server: string, options) => {
      setExitCode(await mcpLogin(server, options, io));
    });
  mcp
    .command('logout')
    .description("forget a server's stored OAuth client and tokens")
    .argument('<server>', 'server name')
    .action(async (server: string) => {
      setExitCode(await mcpLogout(server, io));
    });
  return program;
}

const USAGE_CODES = new Set(['invalid_option', 'invalid_session_id', 'nothing_to_resume']);

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
    const message = visibleControls(error instanceof Error ? error.message : String(error));
    if (error instanceof UsageError || (error instanceof TinyAgentError && USAGE_CODES.has(error.code))) {
      io.stderr.write(`tinyagent: ${message}\n`);
      return ExitCode.usage;
    }
    const code = error instanceof TinyAgentError ? ` [${error.code}]` : '';
    io.stderr.write(`tinyagent: error${code}: ${message}\n`);
    return ExitCode.failed;
  }
}
