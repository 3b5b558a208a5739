// `tinyagent run "<prompt>"`: one Run through the public SDK (createAgent + agent.stream),
// rendered as text or as JSON lines. The CLI adds no lifecycle of its own.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import {
  connectMcpServers,
  createAgent,
  createFileTools,
  createShellTool,
  createSkillTool,
  FileSessionStore,
  isTerminalRunEvent,
  loadMcpConfig,
  loadSkills,
  providerFromEnv,
  type RunEvent,
  type RunLimits,
  type RunOutput,
  type Tool,
  type ToolRegistry,
} from '../../index.js';
import { approvalPolicy } from '../approval/approvalPolicy.js';
import { ExitCode, exitCodeOf, type CancelSignal } from '../exitCodes.js';
import { projectDir, sessionsDir, type LocationOptions } from '../paths.js';
import { colorsFor } from '../render/colors.js';
import { TextRenderer } from '../render/textRenderer.js';
import { UsageError } from '../usageError.js';
import { newSessionId } from './newSessionId.js';
import type { CliIo } from '../io.js';

export type ToolKind = 'read' | 'write' | 'shell' | 'none';

export interface RunCommandOptions extends LocationOptions {
  session?: string;
  tools: ToolKind[];
  mcpConfig?: string;
  /** Undefined: `.agents/skills` under `--cwd` and `~/.agents/skills`, those that exist. */
  skills?: string[];
  model?: string;
  maxIterations?: number;
  output: 'text' | 'jsonl';
  yes: boolean;
}

export const NO_PROVIDER_MESSAGE = [
  'No model provider is configured. Set one of:',
  '  OPENAI_API_KEY      (OpenAI; with OPENAI_BASE_URL for a compatible server, which may need no key)',
  '  ANTHROPIC_API_KEY   (Anthropic; ANTHROPIC_BASE_URL optional)',
  'TINYAGENT_PROVIDER=openai|anthropic chooses when both are set; TINYAGENT_MODEL (or --model) names the model.',
].join('\n');

/** Registers the built-in tools that `--tools` names; writing tools and shell need approval. */
function builtinTools(kinds: readonly ToolKind[], cwd: string): Tool[] {
  if (kinds.includes('none')) {
    if (kinds.length > 1) throw new UsageError('--tools none cannot be combined with other kinds');
    return [];
  }
  const tools: Tool[] = [];
  if (kinds.includes('write')) tools.push(...createFileTools({ root: cwd, write: true, needsApproval: true }));
  else if (kinds.includes('read')) tools.push(...createFileTools({ root: cwd, write: false }));
  if (kinds.includes('shell')) tools.push(createShellTool({ cwd, needsApproval: true }));
  return tools;
}

async function attachSkills(registry: ToolRegistry, dirs: string[] | undefined, cwd: string, io: CliIo): Promise<void> {
  const chosen = dirs ?? [path.join(cwd, '.agents', 'skills'), path.join(homedir(), '.agents', 'skills')].filter((dir) => existsSync(dir));
  if (chosen.length === 0) return;
  const { skills, problems } = await loadSkills(chosen.map((dir) => path.resolve(process.cwd(), dir)));
  for (const problem of problems) io.stderr.write(`warning: skill ${problem.path}: ${problem.reason}\n`);
  if (skills.length > 0) registry.register(createSkillTool(skills));
}

/**
 * Runs one prompt and resolves the process exit code.
 * @example
 * import { nodeIo } from '../io.js';
 * const code = await runCommand('List the files', { tools: ['read'], output: 'text', yes: false }, nodeIo());
 */
export async function runCommand(prompt: string, options: RunCommandOptions, io: CliIo): Promise<number> {
  const env = options.model === undefined ? io.env : { ...io.env, TINYAGENT_MODEL: options.model };
  const provider = providerFromEnv(env);
  if (!provider) throw new UsageError(NO_PROVIDER_MESSAGE);
  const cwd = projectDir(options);
  if (!existsSync(cwd)) throw new UsageError(`--cwd ${cwd} does not exist`);
  const sessionId = options.session ?? newSessionId();
  const jsonl = options.output === 'jsonl';
  const colors = colorsFor(io.stdout, io.env);
  const renderer = jsonl ? undefined : new TextRenderer({ out: io.stdout, colors, spinner: io.stdout.isTTY === true });
  const terminal = io.stdin.isTTY === true && io.stderr.isTTY === true ? { input: io.stdin, output: io.stderr, colors: colorsFor(io.stderr, io.env) } : undefined;
  const limits: Partial<RunLimits> = options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations };

  const agent = createAgent({
    provider,
    limits,
    sessionStore: new FileSessionStore({ dir: sessionsDir(options), onRepair: (repair) => io.stderr.write(`note: session ${repair.sessionId}: ${repair.repaired.length} interrupted call(s) repaired\n`) }),
    approve: approvalPolicy({ yes: options.yes, terminal, onPrompt: renderer && { before: () => renderer.pause(), after: () => renderer.resume() } }),
  });
  agent.tools.register(...builtinTools(options.tools, cwd));
  await attachSkills(agent.tools, options.skills, cwd, io);
  const mcp = options.mcpConfig === undefined ? undefined : await connectMcpServers(await loadMcpConfig(path.resolve(process.cwd(), options.mcpConfig)), agent.tools);
  try {
    for (const server of mcp?.status() ?? []) {
      if (server.state === 'failed') io.stderr.write(`warning: MCP server ${server.server} failed: ${server.error ?? 'unknown error'}\n`);
    }
    if (jsonl) io.stderr.write(`session ${sessionId}\n`);
    const { output, signal } = await streamRun(agent.stream.bind(agent), prompt, sessionId, io, (event) => {
      if (jsonl) io.stdout.write(`${JSON.stringify(event)}\n`);
      else renderer!.handle(event);
    });
    if (!jsonl) io.stdout.write(`${colors.dim(`session ${sessionId}`)}\n`);
    return exitCodeOf(output, signal);
  } finally {
    renderer?.pause();
    await mcp?.close();
  }
}

type StreamFn = (input: string, options: { sessionId: string; signal: AbortSignal }) => {
  subscribe(observer: { next(event: RunEvent): void; error(error: unknown): void; complete(): void }): unknown;
};

/** Streams the Run, cancelling it on SIGINT/SIGTERM (a second signal exits at once). */
function streamRun(
  stream: StreamFn,
  prompt: string,
  sessionId: string,
  io: CliIo,
  onEvent: (event: RunEvent) => void,
): Promise<{ output: RunOutput; signal: CancelSignal | undefined }> {
  const controller = new AbortController();
  let received: CancelSignal | undefined;
  const onSignal = (signal: CancelSignal) => {
    if (received) io.exit(signal === 'SIGINT' ? ExitCode.interrupted : ExitCode.terminated);
    received = signal;
    controller.abort(new Error(`cancelled by ${signal}`));
  };
  const detach = io.onSignals(onSignal);
  return new Promise<{ output: RunOutput; signal: CancelSignal | undefined }>((resolve, reject) => {
    let output: RunOutput | undefined;
    stream(prompt, { sessionId, signal: controller.signal }).subscribe({
      next(event) {
        onEvent(event);
        if (isTerminalRunEvent(event)) output = event.output;
      },
      error: reject,
      complete() {
        if (output) resolve({ output, signal: received });
        else reject(new Error('the Run ended without a terminal event'));
      },
    });
  }).finally(detach);
}
