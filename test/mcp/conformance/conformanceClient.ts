// The client the MCP conformance suite drives: tinyagent's connectMcpServers against the
// suite's server for one scenario (MCP_CONFORMANCE_SCENARIO, the URL as argument). It
// connects with elicitation and OAuth as an application would, calls every tool the server
// offers, and exits 0 only if every call succeeded.
import { ClientCredentialsProvider, PrivateKeyJwtProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { ToolRegistry, type JsonSchemaObject } from '../../../src/index.js';
import { connectMcpServers, type McpHttpServerConfig } from '../../../src/mcp/index.js';

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const url = process.argv[2];
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Record<string, string | undefined>;
if (!url) throw new Error('usage: conformanceClient <server-url> (with MCP_CONFORMANCE_SCENARIO set)');

const server: McpHttpServerConfig = { type: 'http', url };
if (scenario === 'auth/pre-registration') server.oauth = { clientId: context.client_id!, clientSecret: context.client_secret! };
if (scenario === 'auth/client-credentials-basic') {
  server.authProvider = new ClientCredentialsProvider({ clientId: context.client_id!, clientSecret: context.client_secret! });
}
if (scenario === 'auth/client-credentials-jwt') {
  server.authProvider = new PrivateKeyJwtProvider({ clientId: context.client_id!, privateKey: context.private_key_pem!, algorithm: context.signing_algorithm ?? 'ES256' });
}

// The suite's authorization server approves at once: the code is in the redirect it answers with.
async function followAuthorization(_server: string, authorizationUrl: URL): Promise<string> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = response.headers.get('location');
  const code = location === null ? null : new URL(location).searchParams.get('code');
  if (code === null) throw new Error(`the authorization server answered ${response.status} without a code`);
  return code;
}

const registry = new ToolRegistry();
const mcp = await connectMcpServers({ conformance: server }, registry, {
  onElicitation: async (request) => (request.mode === 'form' ? { action: 'accept', content: {} } : { action: 'decline' }),
  oauth: {
    getAuthorizationCode: followAuthorization,
    redirectUri: 'http://127.0.0.1:3000/callback',
    clientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
  },
});
let failures = 0;
try {
  const [status] = mcp.status();
  console.log(JSON.stringify(status));
  if (status!.state !== 'connected') failures++;
  for (const tool of registry.list()) {
    const result = await tool.execute(argumentsFor(tool.parameters), { runId: 'conformance', callId: tool.name, toolName: tool.name, iteration: 1, idempotencyKey: tool.name, signal: new AbortController().signal });
    const content = typeof result === 'string' ? result : result.content;
    console.log(`${tool.name}: ${content}`);
    if (typeof result !== 'string' && result.isError) failures++;
  }
} finally {
  await mcp.close();
}
process.exitCode = failures === 0 ? 0 : 1;

// Arguments the schema accepts: a value of each required property's type.
function argumentsFor(schema: JsonSchemaObject): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, { type?: string }>;
  const values: Record<string, unknown> = {};
  for (const name of (schema.required ?? []) as string[]) {
    const type = properties[name]?.type;
    values[name] = type === 'number' || type === 'integer' ? 1 : type === 'boolean' ? true : type === 'array' ? [] : type === 'object' ? {} : 'x';
  }
  return values;
}
