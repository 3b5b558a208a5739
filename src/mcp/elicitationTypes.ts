// Public shapes of elicitation: a server asking the person, through the application, for a
// few values (a form) or to visit a URL (a sign-in, a payment) in the middle of a call.

/** A value of a form field: the primitive types MCP forms allow. */
export type McpElicitationValue = string | number | boolean | string[];

/** The flat object schema of an MCP form: each property a string, number, integer, boolean or enum field. */
export interface McpElicitationSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [keyword: string]: unknown;
}

/** A server asks for values; the answer's content is checked against `requestedSchema`. */
export interface McpFormElicitation {
  server: string;
  mode: 'form';
  message: string;
  requestedSchema: McpElicitationSchema;
}

/** A server asks the person to open a URL (outside the model's reach); the answer only says whether they agreed. */
export interface McpUrlElicitation {
  server: string;
  mode: 'url';
  message: string;
  url: string;
  elicitationId: string;
}

export type McpElicitationRequest = McpFormElicitation | McpUrlElicitation;

/** `accept` (with the form's content), `decline` (the person said no) or `cancel` (no answer). */
export type McpElicitationResult =
  | { action: 'accept'; content?: Record<string, McpElicitationValue> }
  | { action: 'decline' }
  | { action: 'cancel' };

/** Answers one elicitation; `signal` is aborted when the server withdraws the request or goes away. */
export type McpElicitationHandler = (
  request: McpElicitationRequest,
  options: { signal: AbortSignal },
) => McpElicitationResult | Promise<McpElicitationResult>;
