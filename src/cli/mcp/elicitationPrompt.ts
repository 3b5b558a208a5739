// How the CLI answers an MCP server that asks the person something in the middle of a call
// (elicitation): on a terminal it asks for each field of the form (again for the fields the
// schema check finds wrong), or shows the URL and asks for consent to open it; without a
// terminal it declines. Questions wait their turn with the approvals.
import { checkElicitationContent, type McpElicitationHandler, type McpElicitationResult, type McpElicitationSchema, type McpElicitationValue, type McpFormElicitation, type McpUrlElicitation } from '../../index.js';
import { askLine, askYesNo, type PromptStreams } from '../approval/askYesNo.js';
import type { QuestionQueue } from '../approval/questionQueue.js';
import type { Colors } from '../render/colors.js';
import { visibleControls } from '../render/visibleControls.js';
import { fieldQuestion, fieldsWithProblems, fieldValue } from './formField.js';

export interface ElicitationPromptOptions {
  /** Where to ask; undefined when stdin or stderr is not a terminal (every request is declined). */
  terminal?: PromptStreams & { colors: Colors };
  /** Shared with the approvals: one question at a time. */
  queue: QuestionQueue;
  /** Opens an accepted URL (the browser). */
  openUrl(url: URL): Promise<void>;
  /** The command's cancellation: a question in progress is given up (`cancel`). */
  signal: AbortSignal;
  /** A line on stderr (a declined request, a browser that did not open). */
  note(message: string): void;
}

type Terminal = PromptStreams & { colors: Colors };

/**
 * The `onElicitation` the CLI gives `connectMcpServers`.
 * @example
 * import { QuestionQueue } from '../approval/questionQueue.js';
 * const onElicitation = elicitationPrompt({ queue: new QuestionQueue(), openUrl: async () => {}, signal: new AbortController().signal, note: console.error });
 */
export function elicitationPrompt(options: ElicitationPromptOptions): McpElicitationHandler {
  return (request, { signal: withdrawn }) => {
    const { terminal } = options;
    if (!terminal) {
      options.note(`MCP server ${visibleControls(request.server)} asked for ${request.mode === 'url' ? 'a URL to be opened' : 'input'}; declined: there is no terminal to ask on`);
      return { action: 'decline' };
    }
    const signal = AbortSignal.any([withdrawn, options.signal]);
    return options.queue.ask(async () => {
      if (signal.aborted) return { action: 'cancel' };
      return request.mode === 'url' ? askUrl(request, terminal, signal, options) : askForm(request, terminal, signal);
    });
  };
}

async function askForm(request: McpFormElicitation, terminal: Terminal, signal: AbortSignal): Promise<McpElicitationResult> {
  const c = terminal.colors;
  const { output } = terminal;
  output.write(`${c.yellow('?')} MCP server ${c.bold(visibleControls(request.server))} asks: ${visibleControls(request.message)}\n`);
  if (!(await askYesNo(`  Answer? ${c.dim('[y/N]')} `, terminal, signal))) return signal.aborted ? { action: 'cancel' } : { action: 'decline' };
  const schema = request.requestedSchema;
  const required = new Set(schema.required ?? []);
  const content: Record<string, McpElicitationValue> = {};
  let pending = Object.keys(schema.properties);
  for (;;) {
    for (const name of pending) {
      const property = schema.properties[name]!;
      const line = await askLine(fieldQuestion(name, property, required.has(name)), terminal, signal);
      if (line === undefined) return { action: 'cancel' };
      const value = fieldValue(property, line);
      if (value === undefined) delete content[name];
      else content[name] = value;
    }
    const problems = checkElicitationContent(schema, withDefaults(schema, content));
    if (problems.length === 0) return { action: 'accept', content };
    for (const problem of problems) output.write(`  ${c.red('✗')} ${visibleControls(problem)}\n`);
    pending = fieldsWithProblems(schema, problems);
  }
}

async function askUrl(request: McpUrlElicitation, terminal: Terminal, signal: AbortSignal, options: ElicitationPromptOptions): Promise<McpElicitationResult> {
  const c = terminal.colors;
  const { output } = terminal;
  output.write(`${c.yellow('?')} MCP server ${c.bold(visibleControls(request.server))} asks you to open a URL: ${visibleControls(request.message)}\n`);
  output.write(`  ${c.cyan(visibleControls(request.url))}\n`);
  const url = URL.canParse(request.url) ? new URL(request.url) : undefined;
  // Only web pages are opened: a file: or custom-scheme URL could start a program.
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    output.write(`  ${c.red('✗')} not an http(s) URL: declined\n`);
    return { action: 'decline' };
  }
  if (!(await askYesNo(`  Open it in the browser? ${c.dim('[y/N]')} `, terminal, signal))) return signal.aborted ? { action: 'cancel' } : { action: 'decline' };
  try {
    await options.openUrl(url);
  } catch (error) {
    options.note(`${visibleControls(error instanceof Error ? error.message : String(error))}`);
  }
  return { action: 'accept' };
}

// The check the library makes after it fills in the defaults: asked again only if that one fails.
function withDefaults(schema: McpElicitationSchema, content: Record<string, McpElicitationValue>): Record<string, unknown> {
  const filled: Record<string, unknown> = { ...content };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (filled[name] === undefined && property.default !== undefined) filled[name] = property.default;
  }
  return filled;
}
