// Where a Run persists its messages.
import type { SessionStore } from '../../src/session/sessionStore.js';

/** A session store and the session a Run appends to. */
export interface SessionBinding {
  store: SessionStore;
  sessionId: string;
}
