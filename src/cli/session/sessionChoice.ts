// Which session a `run` writes: `--resume` (must exist), `--continue` (the newest of this
// project), `--session-id` (must not exist), `--session` (continue or create), else a new one.
import { UsageError } from '../usageError.js';
import { newSessionId } from '../commands/newSessionId.js';
import { checkSessionId } from './checkSessionId.js';
import { sessionExists, sessionFiles } from './sessionFiles.js';

export interface SessionFlags {
  session?: string;
  resume?: string;
  continue?: boolean;
  sessionId?: string;
}

export interface SessionChoice {
  id: string;
  /** Whether the session has history the Run continues. */
  continued: boolean;
}


/**
 * The session id for this Run, or a UsageError (exit 2) for a choice that cannot be made.
 * @example await chooseSession({ resume: 'chat' }, '/sessions') // { id: 'chat', continued: true }
 */
export async function chooseSession(flags: SessionFlags, dir: string): Promise<SessionChoice> {
  const given = (['session', 'resume', 'continue', 'sessionId'] as const).filter((key) => flags[key] !== undefined && flags[key] !== false);
  if (given.length > 1) throw new UsageError(`choose one of --session, --resume, --continue and --session-id (got ${given.map((key) => `--${key.replace('Id', '-id')}`).join(', ')})`);
  if (flags.resume !== undefined) {
    const id = await checkSessionId(flags.resume);
    if (!sessionExists(dir, id)) throw new UsageError(`--resume: no session "${id}" in ${dir} (tinyagent sessions list shows them)`);
    return { id, continued: true };
  }
  if (flags.continue) {
    const newest = (await sessionFiles(dir))[0];
    if (!newest) throw new UsageError(`--continue: no session to continue in ${dir}`);
    return { id: newest.id, continued: true };
  }
  if (flags.sessionId !== undefined) {
    const id = await checkSessionId(flags.sessionId);
    if (sessionExists(dir, id)) throw new UsageError(`--session-id: session "${id}" already exists in ${dir}; use --resume ${id} to continue it`);
    return { id, continued: false };
  }
  if (flags.session !== undefined) {
    const id = await checkSessionId(flags.session);
    return { id, continued: sessionExists(dir, id) };
  }
  return { id: newSessionId(), continued: false };
}
