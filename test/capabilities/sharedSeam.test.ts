// The seam the capability modules share (src/capabilities/shared/): one error description,
// one option message style, one text test, one process-group killer.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { describeError } from '../../src/capabilities/shared/coreHelpers.js';
import { optionChecks } from '../../src/capabilities/shared/options.js';
import { groupAlive, stopGroup } from '../../src/capabilities/shared/processGroups.js';
import { decodeText } from '../../src/capabilities/shared/textBytes.js';
import { ConfigurationError } from '../../src/index.js';

describe('describeError', () => {
  it("says an Error's message, with its cause's when the message does not already say it", () => {
    expect(describeError(new Error('boom'))).toBe('boom');
    expect(describeError(new Error('fetch failed', { cause: new Error('ECONNREFUSED') }))).toBe('fetch failed (ECONNREFUSED)');
    expect(describeError(new Error('read failed: EACCES', { cause: new Error('EACCES') }))).toBe('read failed: EACCES');
    expect(describeError('plain')).toBe('plain');
    expect(describeError(42)).toBe('42');
  });

  it('never throws, whatever was thrown', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(describeError(proxy)).toBe('an object');
    expect(describeError(Symbol('s'))).toBe('Symbol(s)');
  });
});

describe('optionChecks', () => {
  const check = optionChecks('createThing');

  it('says "<factory>: <option> must be <what>, got <value>." for every check', () => {
    expect(() => check.integer('limit', 1.5, 1, 10)).toThrow(new ConfigurationError('createThing: limit must be an integer >= 1, got a number (1.5).'));
    expect(() => check.boolean('write', 'yes', false)).toThrow(new ConfigurationError('createThing: write must be a boolean, got a string ("yes").'));
    expect(() => check.approval(3)).toThrow(new ConfigurationError('createThing: needsApproval must be a boolean or a function, got a number (3).'));
    expect(() => check.object([], ['a'])).toThrow(new ConfigurationError('createThing: the options must be an object, got an array.'));
    expect(() => check.object({ b: 1 }, ['a'])).toThrow(new ConfigurationError('createThing: "b" is not an option (options: a).'));
  });

  it('gives the value or the default when the option is right or missing', () => {
    expect(check.integer('limit', undefined, 1, 10)).toBe(10);
    expect(check.integer('limit', 3, 1, 10)).toBe(3);
    expect(check.boolean('write', true, false)).toBe(true);
  });
});

describe('decodeText', () => {
  it('is text when UTF-8 without NUL bytes, binary otherwise', () => {
    expect(decodeText(Buffer.from('héllo'))).toEqual({ ok: true, text: 'héllo' });
    expect(decodeText(Buffer.from([0x68, 0x00, 0x69]))).toEqual({ ok: false, reason: 'nul' });
    expect(decodeText(Buffer.from([0xff, 0xfe, 0x41]))).toEqual({ ok: false, reason: 'encoding' });
    expect(decodeText(Buffer.from('\ufeffbom'), { keepBom: true })).toEqual({ ok: true, text: '\ufeffbom' });
    expect(decodeText(Buffer.from('\ufeffbom'))).toEqual({ ok: true, text: 'bom' });
  });
});

describe.runIf(process.platform !== 'win32')('stopGroup', () => {
  // A group led by `sh -c script`; `ready` resolves on the script's first output line.
  const startGroup = (script: string) => {
    const child = spawn('sh', ['-c', script], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    const ready = new Promise((resolve) => child.stdout.once('data', resolve));
    return { pid: child.pid!, ready };
  };

  it('lets a group that ends by itself end ("exited"), before any signal', async () => {
    const group = startGroup('sleep 0.2');
    expect(await stopGroup(group.pid, { exitWaitMs: 10_000, graceMs: 1_000 })).toBe('exited');
    expect(await groupAlive(group.pid)).toBe(false);
  });

  it('stops the whole group, background children too, with SIGTERM ("terminated")', async () => {
    const group = startGroup('sleep 100 & sleep 100 & echo ready; wait');
    await group.ready;
    expect(await groupAlive(group.pid)).toBe(true);
    expect(await stopGroup(group.pid, { graceMs: 10_000 })).toBe('terminated');
    expect(await groupAlive(group.pid)).toBe(false);
  });

  it('kills what ignores SIGTERM after the grace ("killed")', async () => {
    // An ignored signal stays ignored through exec: the shell and its sleep both ignore SIGTERM.
    const group = startGroup("trap '' TERM; echo ready; sleep 100");
    await group.ready;
    expect(await stopGroup(group.pid, { graceMs: 200 })).toBe('killed');
    expect(await groupAlive(group.pid)).toBe(false);
  });
});
