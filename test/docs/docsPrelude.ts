// The names a docs block may use without defining them: what the reader's application is
// assumed to have already. Written as a declaration file next to the snippets (kept out of
// the repository's own typecheck, where these globals would hide mistakes). Keep it short:
// every name here is a name a block does not have to show.
export const docsPrelude = `
/** The reader's model, e.g. createOpenAIProvider({ ... }) or createScriptedProvider([...]). */
declare const provider: import('tinyagent').Provider;
/** The reader's tools. */
declare const tools: import('tinyagent').Tool[];
/** The reader's agent, createAgent({ provider, tools }). */
declare const agent: import('tinyagent').Agent;
/** The application's yes/no question to its user (window.confirm in a browser). */
declare function confirm(question: string): boolean;
`;
