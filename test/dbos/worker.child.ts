// A worker process of the DBOS tests: registers the test agent, launches DBOS with the
// executor id it is given (a restart with the same id recovers that worker's Runs), says
// "ready", and runs Runs from the queue until SIGTERM.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { launchDbos, registerTestAgent } from './durableAgentFixture.js';

const [databaseUrl, executorId, ledger] = process.argv.slice(2) as [string, string, string];
registerTestAgent(databaseUrl, ledger, Number(process.env.HOLD_MS ?? 40));
await launchDbos(databaseUrl, executorId);
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void DBOS.shutdown().finally(() => process.exit(0));
});
