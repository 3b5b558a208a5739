// Answering `elicitation/create` through the application's `onElicitation`: the SDK checks
// the request and the answer's shape; this module fills in the form's defaults and checks
// the content against the requested schema, so a server never gets values it did not ask for.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { checkElicitationContent } from './elicitationCheck.js';
import type { McpElicitationHandler, McpElicitationRequest, McpElicitationResult, McpElicitationSchema } from './elicitationTypes.js';

/** What the client declares when the application answers elicitations: both modes, defaults applied. */
export const ELICITATION_CAPABILITY = { elicitation: { form: { applyDefaults: true }, url: {} } };

const ACTIONS = new Set(['accept', 'decline', 'cancel']);

/**
 * Routes the server's `elicitation/create` to `handler`, with the form's defaults and schema applied to the answer.
 * @example
 * import { Client } from '@modelcontextprotocol/sdk/client/index.js';
 * const client = new Client({ name: 'app', version: '1.0.0' }, { capabilities: ELICITATION_CAPABILITY });
 * answerElicitations(client, 'docs', async () => ({ action: 'decline' }))
 */
export function answerElicitations(client: Client, server: string, handler: McpElicitationHandler): void {
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const params = request.params;
    const asked: McpElicitationRequest = params.mode === 'url'
      ? { server, mode: 'url', message: params.message, url: params.url, elicitationId: params.elicitationId }
      : { server, mode: 'form', message: params.message, requestedSchema: params.requestedSchema as McpElicitationSchema };
    const answer = (await handler(asked, { signal: extra.signal })) as McpElicitationResult | undefined;
    if (typeof answer !== 'object' || answer === null || !ACTIONS.has(answer.action)) {
      throw new McpError(ErrorCode.InternalError, 'The application answered the elicitation with something that is not { action: "accept" | "decline" | "cancel" }.');
    }
    if (answer.action !== 'accept') return { action: answer.action };
    if (asked.mode === 'url') return { action: 'accept' };
    const content = withDefaults(asked.requestedSchema, answer.content ?? {});
    const problems = checkElicitationContent(asked.requestedSchema, content);
    if (problems.length > 0) throw new McpError(ErrorCode.InvalidParams, `The answer does not match the requested schema: ${problems.join('; ')}`);
    return { action: 'accept', content };
  });
}

function withDefaults(schema: McpElicitationSchema, content: Record<string, unknown>): Record<string, unknown> {
  const filled = { ...content };
  for (const [name, property] of Object.entries(schema.properties)) {
    if (filled[name] === undefined && property.default !== undefined) filled[name] = property.default;
  }
  return filled;
}
