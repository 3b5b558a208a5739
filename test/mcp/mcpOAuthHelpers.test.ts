// What an application (the CLI) wires into connectMcpServers' `oauth` option: the loopback
// redirect (a real HTTP server on 127.0.0.1, the browser played by fetch) and the file store.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileOAuthStore, createLoopbackRedirect, createMemoryOAuthStore } from '../../src/mcp/index.js';

const dir = mkdtempSync(join(tmpdir(), 'tinyagent-mcp-oauth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const authorizationUrl = (state: string) => new URL(`https://auth.example/authorize?client_id=c&state=${state}`);

describe('createLoopbackRedirect', () => {
  it('listens on 127.0.0.1, opens the authorization URL, and resolves with the code the browser is sent back with', async () => {
    const opened: URL[] = [];
    const redirect = await createLoopbackRedirect({
      openBrowser: async (url) => {
        opened.push(url);
        // The authorization server approves and sends the browser back to the redirect URI.
        const state = url.searchParams.get('state')!;
        expect((await fetch(`${redirectUri()}?code=wrong&state=other`)).status).toBe(400); // not this authorization
        expect((await fetch(`${redirectUri()}?code=the-code&state=${state}`)).status).toBe(200);
      },
    });
    const redirectUri = () => redirect.redirectUri;
    try {
      expect(redirect.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      const code = await redirect.getAuthorizationCode('docs', authorizationUrl('s-1'), { signal: new AbortController().signal });
      expect(code).toBe('the-code');
      expect(opened.map(String)).toEqual([authorizationUrl('s-1').href]);
    } finally {
      await redirect.close();
    }
  });

  it("rejects with the authorization server's error, when the wait is given up, and when it is closed", async () => {
    const redirect = await createLoopbackRedirect({
      openBrowser: async (url) => {
        if (url.searchParams.get('state') === 'refused') await fetch(`${redirect.redirectUri}?error=access_denied&error_description=no&state=refused`);
      },
    });
    await expect(redirect.getAuthorizationCode('docs', authorizationUrl('refused'), { signal: new AbortController().signal })).rejects.toThrow('access_denied (no)');
    const controller = new AbortController();
    const abandoned = redirect.getAuthorizationCode('docs', authorizationUrl('slow'), { signal: controller.signal });
    controller.abort();
    await expect(abandoned).rejects.toThrow('given up');
    const pending = redirect.getAuthorizationCode('docs', authorizationUrl('never'), { signal: new AbortController().signal });
    await redirect.close();
    await expect(pending).rejects.toThrow('closed');
  });

  it('reports a browser that cannot be opened', async () => {
    const redirect = await createLoopbackRedirect({ openBrowser: () => Promise.reject(new Error('no display')) });
    try {
      await expect(redirect.getAuthorizationCode('docs', authorizationUrl('x'), { signal: new AbortController().signal })).rejects.toThrow('no display');
    } finally {
      await redirect.close();
    }
  });
});

describe('OAuth stores', () => {
  const state = { serverUrl: 'https://docs.example/mcp', clientInformation: { client_id: 'c-1' }, tokens: { access_token: 'a', token_type: 'Bearer' } };

  it('file store: one 0600 file per server in a 0700 folder, read back, deleted on logout', async () => {
    const folder = join(dir, 'tokens');
    const store = createFileOAuthStore({ dir: folder });
    expect(await store.load('docs.main')).toBeUndefined();
    await store.save('docs.main', state);
    await store.save('../escape', state);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    const files = readdirSync(folder).sort();
    expect(files).toEqual(['%2E%2E%2Fescape.json', 'docs%2Emain.json']);
    for (const file of files) expect(statSync(join(folder, file)).mode & 0o777).toBe(0o600);
    expect(await createFileOAuthStore({ dir: folder }).load('docs.main')).toEqual(state);
    await store.delete('docs.main');
    expect(await store.load('docs.main')).toBeUndefined();
  });

  it('memory store: keeps copies, not the caller objects', async () => {
    const store = createMemoryOAuthStore();
    const mine = structuredClone(state);
    await store.save('docs', mine);
    mine.tokens.access_token = 'changed';
    expect((await store.load('docs'))!.tokens!.access_token).toBe('a');
  });
});
