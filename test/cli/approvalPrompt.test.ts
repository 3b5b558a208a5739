// How the CLI answers approval requests: y/n on a terminal (here injected streams), --yes,
// and a denial with a reason the model can act on when there is no terminal.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { approvalPolicy, NO_TERMINAL_REASON } from '../../src/cli/approval/approvalPolicy.js';
import { colorsFor } from '../../src/cli/render/colors.js';

const request = (callId: string, toolName = 'write_file') => ({ callId, toolName, arguments: { path: 'a.txt' } });
const never = () => new AbortController().signal;

function terminal() {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = '';
  output.setEncoding('utf8').on('data', (text: string) => (written += text));
  return { streams: { input, output, colors: colorsFor({ isTTY: false }, {}) }, input, written: () => written };
}

describe('approvalPolicy', () => {
  it('approves everything with --yes', async () => {
    await expect(approvalPolicy({ yes: true })(request('1'), { signal: never() })).resolves.toMatchObject({ approved: true });
  });

  it('allows edits with accept-edits and everything with bypass, without asking (the rules are decided before the approver: cliSettingsRules.test.ts)', async () => {
    await expect(approvalPolicy({})(request('2', 'write_file'), { signal: never() })).resolves.toMatchObject({ approved: false, reason: NO_TERMINAL_REASON });
    const edits = approvalPolicy({ mode: 'accept-edits' });
    await expect(edits(request('3', 'edit_file'), { signal: never() })).resolves.toMatchObject({ approved: true });
    await expect(edits(request('4', 'shell'), { signal: never() })).resolves.toMatchObject({ approved: false });
    await expect(approvalPolicy({ mode: 'bypass' })(request('5', 'shell'), { signal: never() })).resolves.toMatchObject({ approved: true });
  });

  it('denies without a terminal, saying how to allow it', async () => {
    const answer = await approvalPolicy({ yes: false })(request('1'), { signal: never() });
    expect(answer).toEqual({ approved: false, reason: NO_TERMINAL_REASON });
    expect(NO_TERMINAL_REASON).toContain('--yes');
  });

  it.each([
    ['y\n', true],
    ['YES\n', true],
    ['n\n', false],
    ['\n', false],
    ['maybe\n', false],
  ])('answers %j as approved=%s', async (typed, approved) => {
    const t = terminal();
    const answer = approvalPolicy({ yes: false, terminal: t.streams })(request('1'), { signal: never() });
    t.input.write(typed);
    await expect(answer).resolves.toMatchObject({ approved });
    expect(t.written()).toContain('Allow write_file {"path":"a.txt"} [y/N]');
  });

  it('denies when the input ends before an answer', async () => {
    const t = terminal();
    const answer = approvalPolicy({ yes: false, terminal: t.streams })(request('1'), { signal: never() });
    t.input.end();
    await expect(answer).resolves.toMatchObject({ approved: false });
  });

  it('stops asking when the Run is cancelled', async () => {
    const t = terminal();
    const controller = new AbortController();
    const answer = approvalPolicy({ yes: false, terminal: t.streams })(request('1'), { signal: controller.signal });
    controller.abort();
    await expect(answer).resolves.toMatchObject({ approved: false });
  });

  it('asks one question at a time, in order, pausing the spinner around each', async () => {
    const t = terminal();
    const calls: string[] = [];
    const approve = approvalPolicy({ yes: false, terminal: t.streams, onPrompt: { before: (id) => calls.push(`before ${id}`), after: (id) => calls.push(`after ${id}`) } });
    const first = approve(request('1', 'write_file'), { signal: never() });
    const second = approve(request('2', 'shell'), { signal: never() });
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.written()).toContain('write_file');
    expect(t.written()).not.toContain('shell');
    t.input.write('y\n');
    await expect(first).resolves.toMatchObject({ approved: true });
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.written()).toContain('shell');
    t.input.write('n\n');
    await expect(second).resolves.toMatchObject({ approved: false });
    expect(calls).toEqual(['before 1', 'after 1', 'before 2', 'after 2']);
  });
});
