// tinyagent's OAuthClientProvider: the SDK runs discovery, registration, PKCE, the code
// exchange and refresh; this provider keeps what they produce in the application's store
// and hands the authorization URL to `getAuthorizationCode`, whose answer finishes the flow.
import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { ResolvedOAuthClient } from '../expandEnv.js';
import type { McpOAuthOptions, McpOAuthState, McpOAuthStore } from './oauthTypes.js';

/** Where the person is sent back when the application does not say. */
export const DEFAULT_REDIRECT_URI = 'http://127.0.0.1/callback';

/** One server's OAuth client, backed by a store. */
export class StoredOAuthProvider implements OAuthClientProvider {
  readonly #server: string;
  readonly #serverUrl: string;
  readonly #options: McpOAuthOptions;
  readonly #store: McpOAuthStore;
  readonly #configured: ResolvedOAuthClient | undefined;
  readonly #signal: AbortSignal;
  #state: McpOAuthState | undefined;
  #codeVerifier: string | undefined;
  /** The authorization the person is asked for; one at a time, however many requests met a 401. */
  #flow: { code: Promise<string>; completing?: Promise<void> } | undefined;

  constructor(server: string, serverUrl: URL, options: McpOAuthOptions, store: McpOAuthStore, configured: ResolvedOAuthClient | undefined, signal: AbortSignal) {
    this.#server = server;
    this.#serverUrl = serverUrl.href;
    this.#options = options;
    this.#store = store;
    this.#configured = configured;
    this.#signal = signal;
  }

  get redirectUrl(): string {
    return this.#options.redirectUri ?? DEFAULT_REDIRECT_URI;
  }

  get clientMetadataUrl(): string | undefined {
    return this.#options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.#options.clientName ?? 'tinyagent',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      ...(this.#configured?.scope ? { scope: this.#configured.scope } : {}),
    };
  }

  state(): string {
    return randomBytes(16).toString('base64url');
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    const stored = (await this.#load()).clientInformation;
    if (stored) return stored;
    const configured = this.#configured;
    if (!configured?.clientId) return undefined;
    return { client_id: configured.clientId, ...(configured.clientSecret ? { client_secret: configured.clientSecret } : {}) };
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.#update({ clientInformation });
  }

  async tokens(): Promise<OAuthTokens | undefined> {
    return (await this.#load()).tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.#update({ tokens });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    if (this.#flow) return; // the person is already being asked; that answer serves this request too
    const code = this.#options.getAuthorizationCode(this.#server, authorizationUrl, { signal: this.#signal });
    code.catch(() => undefined); // awaited by completeAuthorization; never an unhandled rejection
    this.#flow = { code };
  }

  saveCodeVerifier(codeVerifier: string): void {
    if (this.#flow) return; // the verifier belongs to the authorization in progress
    this.#codeVerifier = codeVerifier;
  }

  codeVerifier(): string {
    if (this.#codeVerifier === undefined) throw new Error('no PKCE code verifier: the authorization was not started by this client');
    return this.#codeVerifier;
  }

  async invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): Promise<void> {
    if (scope === 'verifier' || scope === 'all') this.#codeVerifier = undefined;
    if (scope === 'all') await this.#update({ clientInformation: undefined, tokens: undefined });
    if (scope === 'client') await this.#update({ clientInformation: undefined });
    if (scope === 'tokens') await this.#update({ tokens: undefined });
  }

  /**
   * Waits for the code of the authorization in progress and passes it to `finish` (the transport's
   * `finishAuth`): the first caller finishes it, later ones wait for the same end. False when none is in progress.
   */
  async completeAuthorization(finish: (code: string) => Promise<void>): Promise<boolean> {
    const flow = this.#flow;
    if (!flow) return false;
    flow.completing ??= flow.code.then(finish).finally(() => {
      if (this.#flow === flow) this.#flow = undefined;
    });
    await flow.completing;
    return true;
  }

  // State saved for another URL under the same server name is not this server's.
  async #load(): Promise<McpOAuthState> {
    if (this.#state === undefined) {
      const stored = await this.#store.load(this.#server);
      this.#state = stored?.serverUrl === this.#serverUrl ? stored : { serverUrl: this.#serverUrl };
    }
    return this.#state;
  }

  async #update(change: Partial<McpOAuthState>): Promise<void> {
    const next: McpOAuthState = { ...(await this.#load()), ...change, serverUrl: this.#serverUrl };
    for (const key of Object.keys(next) as (keyof McpOAuthState)[]) if (next[key] === undefined) delete next[key];
    this.#state = next;
    await this.#store.save(this.#server, next);
  }
}
