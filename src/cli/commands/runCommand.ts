// `tinyagent run "<prompt>"`: one Run through the public SDK (createAgent + agent.stream),
// rendered as text (answer on stdout, progress on stderr), one JSON result, or JSON lines.
// The CLI adds no lifecycle of its own.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  createAgent,
  FileSessionStore,
  type Agent,
  isTerminalRunEvent,
  providerFromEnv,
  type RunEvent,
  type RunOutput,
} from '../../index.js';
import { approvalPolicy, type PermissionMode } from '../approval/approvalPolicy.js';
import { QuestionQueue } from '../approval/questionQueue.js';
import { browserFor } from '../mcp/browser.js';
import { mayOpenBrowser } from '../mcp/cliOAuth.js';
import { elicitationPrompt } from '../mcp/elicitationPrompt.js';
import { exitCodeOf } from '../exitCodes.js';
import { projectDir, sessionsDir, type LocationOptions } from '../paths.js';
import { instructionsFor } from '../prompt/instructions.js';
import { promptFrom, readAll, stdinKind } from '../prompt/readPrompt.js';
import { colorsFor } from '../render/colors.js';
import { RunTally } from '../render/runTally.js';
import { OutputSink, type OutputFormat } from '../render/outputSink.js';
import { chooseSession, type SessionFlags } from '../session/sessionChoice.js';
import { cliTools, type ToolKind } from '../tools/cliTools.js';
import { CliPermissions, ruleList } from '../tools/permissionRules.js';
import { mergeRuleLists, readSettingsRules, settingsFiles } from '../tools/permissionSettings.js';
import { UsageError } from '../usageError.js';
import { cliVersion } from '../version.js';
import { CancelOnSignal } from './cancelOnSignal.js';
import type { CliIo } from '../io.js';

export type { OutputFormat };

export interface RunCommandOptions extends LocationOptions, SessionFlags {
  tools: ToolKind[];
  mcpConfig?: string;
  mcpTrust?: string[];
  /** Undefined: `.agents/skills` under `--cwd` and `~/.agents/skills`, those that exist. */
  skills?: string[];
  model?: string;
  /** `--max-turns`: the iteration limit (tool batches). */
  maxTurns?: number;
  outputFormat: OutputFormat;
  permissionMode?: PermissionMode;
  yes?: boolean;
  allowedTools?: string[];
  disallowedTools?: string[];
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /** False with `--no-agents-md`. */
  agentsMd?: boolean;
}

export const NO_PROVIDER_MESSAGE = [
  'No model provider is configured. Set one of:',
  '  OPENAI_API_KEY      (OpenAI; with OPENAI_BASE_URL for a compatible server, which may need no key)',
  '  ANTHROPIC_API_KEY   (Anthropic; ANTHROPIC_BASE_URL optional)',
  'TINYAGENT_PROVIDER=openai|anthropic chooses when both are set; TINYAGENT_MODEL (or --model) names the model.',
].join('\n');

// The model the environment names, as providerFromEnv picks it (for the init record).
function modelName(env: Record<string, string | undefined>): string {
  const set = (name: string) => (env[name]?.trim() ?? '') !== '';
  if (set('TINYAGENT_MODEL')) return env.TINYAGENT_MODEL!.trim();
  const choice = env.TINYAGENT_PROVIDER?.trim().toLowerCase();
  const anthropic = choice === 'anthropic' || (choice !== 'openai' && set('ANTHROPIC_API_KEY'));
  return anthropic ? 'claude-sonnet-4-5' : 'gpt-4o-mini';
}

// The file tools refuse the sessions folder when it lies inside the project; one that is the
// project folder itself cannot be kept from them.
function sessionsExclusion(cwd: string, dir: string): string[] {
  const rel = path.relative(cwd, dir);
  if (rel === '') throw new UsageError(`--sessions-dir ${dir} is the working directory: the file tools would reach the sessions; choose a folder of its own`);
  return rel.startsWith('..') || path.isAbsolute(rel) ? [] : [dir];
}

/**
 * Runs one prompt (undefined or `-`: from stdin) and resolves the process exit code.
 * @example
 * import { nodeIo } from '../io.js';
 * const code = await runCommand('List the files', { tools: ['read'], outputFormat: 'text' }, nodeIo());
 */
export async function runCommand(promptArgument: string | undefined, options: RunCommandOptions, io: CliIo): Promise<number> {
  const setup = runSetup(options, io);
  const session = await chooseSession(options, setup.dir);
  const prompt = await promptFrom(promptArgument, stdinKind(io.stdin), () => readAll(io.stdin));
  return runAgent(options, io, setup, session.id, (agent, signal) => agent.stream(prompt, { sessionId: session.id, signal }));
}

/** What every command that runs the agent checks first: a provider, the project folder, the rules, the sessions folder. */
export interface RunSetup {
  env: Record<string, string | undefined>;
  provider: NonNullable<ReturnType<typeof providerFromEnv>>;
  cwd: string;
  permissions: CliPermissions;
  dir: string;
}

/**
 * Checks the options a Run needs; a UsageError (exit 2) for what is missing.
 * @example
 * import { nodeIo } from '../io.js';
 * const { cwd, dir } = runSetup({ tools: ['read'], outputFormat: 'text' }, nodeIo());
 */
export function runSetup(options: RunCommandOptions, io: CliIo): RunSetup {
  const env = options.model === undefined ? io.env : { ...io.env, TINYAGENT_MODEL: options.model };
  const provider = providerFromEnv(env);
  if (!provider) throw new UsageError(NO_PROVIDER_MESSAGE);
  const cwd = projectDir(options);
  if (!existsSync(cwd)) throw new UsageError(`--cwd ${cwd} does not exist`);
  const flags = { allow: ruleList(options.allowedTools), ask: [], deny: ruleList(options.disallowedTools) };
  const permissions = new CliPermissions(mergeRuleLists([...settingsFiles(cwd, io.env).map(readSettingsRules), flags]), cwd);
  return { env, provider, cwd, permissions, dir: sessionsDir(options, io.env) };
}

/** Starts the command's Run on the assembled agent: a new Run of a prompt, or a session's unfinished Run resumed. */
export type StartRun = (agent: Agent, signal: AbortSignal) => RunEvents;

/**
 * Assembles the tools and the agent, streams the Run `start` starts in the chosen format, and resolves the exit code.
 * @example
 * import { nodeIo } from '../io.js';
 * const options = { tools: ['read' as const], outputFormat: 'text' as const };
 * const io = nodeIo();
 * await runAgent(options, io, runSetup(options, io), 'chat', (agent, signal) => agent.stream('hi', { sessionId: 'chat', signal }));
 */
export async function runAgent(options: RunCommandOptions, io: CliIo, setup: RunSetup, sessionId: string, start: StartRun): Promise<number> {
  const { env, provider, cwd, permissions, dir } = setup;
  const session = { id: sessionId };
  const stdin = stdinKind(io.stdin);
  const warn = (message: string) => io.stderr.write(`warning: ${message}\n`);
  const note = (message: string) => io.stderr.write(`${message}\n`);
  const terminal = stdin === 'terminal' && io.stderr.isTTY === true ? { input: io.stdin, output: io.stderr, colors: colorsFor(io.stderr, io.env) } : undefined;
  // Approvals and the servers' questions share the terminal: one at a time, no spinner over
  // them, their waits left out of the durations.
  let sink: OutputSink | undefined;
  let tally: RunTally | undefined;
  const questions = new QuestionQueue({
    before: () => {
      sink?.pause();
      tally?.waitStarted();
    },
    after: (callId) => {
      tally?.waitEnded(callId);
      sink?.resume();
    },
  });

  // From here to the last MCP server closed, a signal cancels instead of killing the process.
  const cancel = new CancelOnSignal(io);
  try {
    const assembled = await cliTools({
      kinds: options.tools,
      cwd,
      exclude: sessionsExclusion(cwd, dir),
      skills: options.skills,
      mcpConfig: options.mcpConfig,
      mcpTrust: options.mcpTrust ?? [],
      hides: (name) => permissions.hides(name),
      onElicitation: elicitationPrompt({ terminal, queue: questions, openUrl: browserFor(io.env), signal: cancel.signal, note }),
      oauth: { env: io.env, interactive: mayOpenBrowser(io.env, io.stderr.isTTY === true), note },
      signal: cancel.signal,
      warn,
    });
    try {
      tally = new RunTally();
      const toolNames = assembled.tools.map((tool) => tool.name);
      for (const rule of permissions.unmatched([...toolNames, ...assembled.hidden])) warn(`the rule ${rule} matches no tool`);
      const tools = assembled.tools;
      // Cancelled while the MCP servers connected: they were stopped, no Run starts.
      if (cancel.received) {
        io.stderr.write(`cancelled by ${cancel.received} while the MCP servers connected; no Run was started\n`);
        return cancel.exitCode;
      }
      sink = new OutputSink({
        format: options.outputFormat,
        io,
        sessionId: session.id,
        tally,
        init: (runId) => ({ type: 'init', sessionId: session.id, runId, model: modelName(env), tools: toolNames, cwd, version: cliVersion() }),
        asksApproval: (name) => tools.find((tool) => tool.name === name)?.needsApproval === true,
      });
      const shown = sink;
      const counted = tally;
      const agent = createAgent({
        provider,
        limits: options.maxTurns === undefined ? {} : { maxIterations: options.maxTurns },
        instructions: await instructionsFor(cwd, toolNames, { systemPrompt: options.systemPrompt, appendSystemPrompt: options.appendSystemPrompt, agentsMd: options.agentsMd !== false }),
        sessionStore: new FileSessionStore({ dir, onRepair: (repair) => io.stderr.write(`note: session ${repair.sessionId}: ${repair.repaired.length} interrupted call(s) repaired\n`) }),
        // Deny, ask and allow rules are decided in each call before the approver is asked.
        permissions: permissions.rules,
        permissionsRoot: cwd,
        approve: approvalPolicy({
          mode: options.permissionMode,
          yes: options.yes,
          terminal,
          queue: questions,
        }),
      });
      agent.tools.register(...tools);
      const output = await streamRun(start(agent, cancel.signal), (event) => {
        counted.handle(event);
        shown.event(event);
      });
      sink.finish(output);
      return exitCodeOf(output, cancel.received);
    } finally {
      sink?.pause();
      await assembled.close();
    }
  } finally {
    cancel.detach();
  }
}

/** A Run's events, as `agent.stream` gives them. */
export interface RunEvents {
  subscribe(observer: { next(event: RunEvent): void; error(error: unknown): void; complete(): void }): unknown;
}

/** Streams the Run to its terminal event and resolves its output. */
function streamRun(events: RunEvents, onEvent: (event: RunEvent) => void): Promise<RunOutput> {
  return new Promise<RunOutput>((resolve, reject) => {
    let output: RunOutput | undefined;
    events.subscribe({
      next(event) {
        onEvent(event);
        if (isTerminalRunEvent(event) && event.parentRunId === undefined) output = event.output; // not a sub-agent's end
      },
      error: reject,
      complete() {
        if (output) resolve(output);
        else reject(new Error('the Run ended without a terminal event'));
      },
    });
  });
}

