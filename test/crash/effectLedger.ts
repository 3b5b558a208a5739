// A ledger of side effects for crash tests: each effect a tool takes is one fsynced JSON line,
// written before the tool returns, so that a count survives a SIGKILL right after it.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from 'node:fs';

export interface LedgerEntry {
  tool: string;
  callId: string;
  idempotencyKey: string;
  pid: number;
}

/** Appends `entry` and fsyncs it before returning. */
export function recordEffect(path: string, entry: LedgerEntry): void {
  const fd = openSync(path, 'a', 0o600);
  try {
    writeSync(fd, `${JSON.stringify(entry)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every effect recorded so far, in order (a torn last line from a kill mid-write is left out). */
export function readLedger(path: string): LedgerEntry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.endsWith('}'))
    .map((line) => JSON.parse(line) as LedgerEntry);
}

/** How many times each idempotency key took effect. */
export function effectCounts(path: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of readLedger(path)) counts[entry.idempotencyKey] = (counts[entry.idempotencyKey] ?? 0) + 1;
  return counts;
}
