// The session file format: one record per line. Version 2 (written now):
// `{"v":2,"type":"message","message":{...}}\n` and the other records of sessionRecord.ts;
// version 1 (still read): `{"v":1,"message":{...}}\n`, a message only.
// A line counts only once its "\n" is written: a last line without one is the trace of a write
// a crash cut short (torn) and is not part of the session. A complete line that does not parse
// is corruption, wherever it stands: it is reported, never dropped.
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import type { Message } from '../types.js';
import { messageProblem } from './messageShape.js';
import { recordProblem, type SessionRecord } from './sessionRecord.js';

/** The version this code writes, and the newest it reads. */
export const SESSION_FORMAT_VERSION = 2;
/** The byte that ends every record (never part of one: JSON escapes it inside strings). */
export const NEWLINE = 0x0a;
// How every record this store writes begins, whatever its version.
const RECORD_START = Buffer.from('{"v":', 'utf8');

/** Where the bytes being decoded come from, for error messages. */
export interface SessionSource {
  sessionId: string;
  path: string;
}

export interface DecodedSession {
  records: SessionRecord[];
  /** Bytes up to the end of the last complete line; anything after it is a torn write. */
  completeLength: number;
}

/** `records` as the complete lines one append writes. */
export function encodeRecords(records: readonly SessionRecord[]): Buffer {
  const lines = records.map((record) => `${JSON.stringify({ v: SESSION_FORMAT_VERSION, ...record })}\n`);
  return Buffer.from(lines.join(''), 'utf8');
}

/**
 * Reads a session file (or its part from line `firstLine` on); throws `session_corrupt` /
 * `session_unsupported_version` naming the line.
 */
export function decodeSession(bytes: Buffer, source: SessionSource, firstLine = 1): DecodedSession {
  const records: SessionRecord[] = [];
  let start = 0;
  for (let line = firstLine; start < bytes.length; line += 1) {
    const end = bytes.indexOf(NEWLINE, start);
    if (end === -1) {
      // Torn: the write of this line never finished. Anything else there was not written here.
      if (isTornRecord(bytes.subarray(start))) break;
      throw corrupt(source, line, 'the last line has no newline and does not begin like a session record, so this store did not write it');
    }
    const parsed = parseJson(bytes.toString('utf8', start, end));
    if (parsed === NOT_JSON) throw corrupt(source, line, 'not valid JSON');
    records.push(decodeRecord(parsed, source, line));
    start = end + 1;
  }
  return { records, completeLength: start };
}

/** Whether a newline-terminated last line (`bytes`, without its "\n") is valid JSON. */
export function isCompleteLastLine(bytes: Buffer): boolean {
  return parseJson(bytes.toString('utf8')) !== NOT_JSON;
}

/**
 * Whether an unterminated last line can be a record this store began to write: it starts like
 * one (or like a prefix of one), or with the zero bytes a crash leaves in unwritten blocks.
 * @example
 * isTornRecord(Buffer.from('{"v":1,"mess')); // true
 * isTornRecord(Buffer.from('notes')); // false
 */
export function isTornRecord(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes[0] === 0) return true;
  const head = bytes.subarray(0, RECORD_START.length);
  return RECORD_START.subarray(0, head.length).equals(head);
}

function decodeRecord(record: unknown, source: SessionSource, line: number): SessionRecord {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    throw corrupt(source, line, 'expected a {"v":2,"type":...} record');
  }
  const { v: version, ...fields } = record as { v?: unknown; message?: unknown };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw corrupt(source, line, `expected a format version "v" (a positive integer), got ${version === undefined ? 'none' : JSON.stringify(version)}`);
  }
  if (version > SESSION_FORMAT_VERSION) {
    throw new SessionError(
      SessionErrorCode.unsupportedVersion,
      `Session "${source.sessionId}" (${source.path}) line ${line} is in format version ${version}; ` +
        `this tinyagent reads versions up to ${SESSION_FORMAT_VERSION}. Upgrade tinyagent to load it.`,
      { details: { sessionId: source.sessionId, line } },
    );
  }
  if (version === 1) {
    const problem = messageProblem(fields.message);
    if (problem !== undefined) throw corrupt(source, line, `not a valid message: ${problem}`);
    return { type: 'message', message: fields.message as Message };
  }
  const problem = recordProblem(fields);
  if (problem !== undefined) throw corrupt(source, line, problem);
  return fields as SessionRecord;
}

function corrupt(source: SessionSource, line: number, problem: string): SessionError {
  return new SessionError(
    SessionErrorCode.corrupt,
    `Session "${source.sessionId}" is corrupt at line ${line} of ${source.path}: ${problem}`,
    { details: { sessionId: source.sessionId, line } },
  );
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return NOT_JSON;
  }
}
