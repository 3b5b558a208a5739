// `tinyagent resume <id>`: continues the session's interrupted Run (a crash, a kill, a stop)
// where it stopped, through `agent.resumeStream`, with the same output and flags as `run`. The
// calls that were running when it stopped are not run again: they get `interrupted` results.
import { UsageError } from '../usageError.js';
import type { CliIo } from '../io.js';
import { checkSessionId } from '../session/checkSessionId.js';
import { sessionExists } from '../session/sessionFiles.js';
import { runAgent, runSetup, type RunCommandOptions } from './runCommand.js';

export type ResumeCommandOptions = Omit<RunCommandOptions, 'session' | 'resume' | 'continue' | 'sessionId'>;

/**
 * Resumes the session's unfinished Run and resolves the exit code; exit 2 (a UsageError, or the
 * SessionError `nothing_to_resume`) when there is no such session or nothing to resume.
 * @example
 * import { nodeIo } from '../io.js';
 * await resumeCommand('2026-12-01T05-02-03-a1b2c3', { tools: ['read'], outputFormat: 'text' }, nodeIo())
 */
export async function resumeCommand(id: string, options: ResumeCommandOptions, io: CliIo): Promise<number> {
  const setup = runSetup(options, io);
  const sessionId = await checkSessionId(id);
  if (!sessionExists(setup.dir, sessionId)) throw new UsageError(`no session "${sessionId}" in ${setup.dir} (tinyagent sessions list shows them)`);
  return runAgent(options, io, setup, sessionId, (agent, signal) => agent.resumeStream(sessionId, { signal }));
}
