// Checks a persisted Run snapshot before it is restored: it must be one of runMachine's, still
// running, and bound to the session it is restored with (docs/design.md, "Snapshots").
import type { Snapshot } from 'xstate';
import { ConfigurationError } from '../errors.js';

interface PersistedRunShape {
  status: string;
  value: unknown;
  context: { runId?: unknown; sessionId?: unknown };
}

function isPersistedRun(value: unknown): value is PersistedRunShape {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<PersistedRunShape>;
  return typeof candidate.status === 'string' && candidate.value !== undefined && typeof candidate.context === 'object' && candidate.context !== null;
}

/**
 * The snapshot, checked for restoring a Run; a clear ConfigurationError otherwise.
 * @example
 * import { readFileSync } from 'node:fs';
 * checkRunSnapshot(JSON.parse(readFileSync('run.json', 'utf8')), 'session-1')
 */
export function checkRunSnapshot(snapshot: Snapshot<unknown>, sessionId: string | undefined): Snapshot<unknown> {
  if (!isPersistedRun(snapshot) || typeof snapshot.context.runId !== 'string') {
    throw new ConfigurationError('snapshot must come from a Run actor\'s getPersistedSnapshot()');
  }
  if (snapshot.status !== 'active') throw new ConfigurationError(`snapshot is of a Run that already ended (status "${snapshot.status}")`);
  const saved = snapshot.context.sessionId;
  if (saved !== undefined && saved !== sessionId) {
    throw new ConfigurationError(`snapshot appends to session ${JSON.stringify(saved)}: pass that session (store and id) again`);
  }
  if (saved === undefined && sessionId !== undefined) throw new ConfigurationError('snapshot is of a Run without a session: do not pass one');
  return snapshot;
}
