// An error the user can fix by changing the command line or the environment: exit code 2.

/** A usage or configuration problem found by the CLI itself; printed without a stack. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
