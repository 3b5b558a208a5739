// The part of `pg` this store uses, typed here so that tinyagent's declarations do not need `@types/pg`.

export interface PgQueryResult {
  rows: Record<string, unknown>[];
}

/** A `pg` client checked out of a pool (`pool.connect()`). */
export interface PgClient {
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
  /** Returns it to its pool; with an error (or `true`), destroys it instead. */
  release(destroy?: Error | boolean): void;
  on(event: 'error', listener: (error: Error) => void): unknown;
  off(event: 'error', listener: (error: Error) => void): unknown;
}

/** A `pg` Pool, or anything with its `connect` and `query`. */
export interface PgPool {
  connect(): Promise<PgClient>;
  query(text: string, values?: unknown[]): Promise<PgQueryResult>;
  end(): Promise<void>;
  on(event: 'error', listener: (error: Error) => void): unknown;
}
