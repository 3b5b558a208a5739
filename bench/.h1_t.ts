import { createAgent, createScriptedProvider } from '../src/index.js';
const c = new AbortController(); c.abort('x');
const agent = createAgent({ provider: createScriptedProvider([{ text: 'hi' }]) });
agent.stream('go', { sessionId: 's', signal: c.signal }).subscribe({ next: (e) => console.log(e.type), error: (e) => console.log('err', e), complete: () => console.log('complete') });
await new Promise((r) => setTimeout(r, 100));
