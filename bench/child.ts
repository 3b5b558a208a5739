// Entry point of the fresh child processes of S3 and S5: `child.ts <s3|s5> <tinyagent|baseline|floor>`.
// Prints one JSON object on stdout.
import type { ChildScenario, Subject } from './childRunner.js';
import { S3, S5 } from './config.js';
import { manyRuns } from './scenarios/manyRuns.js';
import { waitingRuns } from './scenarios/memory.js';

const [scenario, subject] = process.argv.slice(2) as [ChildScenario, Subject];
if (subject !== 'tinyagent' && subject !== 'baseline' && subject !== 'floor') throw new Error(`unknown subject ${String(subject)}`);

const result = scenario === 's3' ? await manyRuns(subject, S3) : scenario === 's5' ? await waitingRuns(subject, S5.runs) : undefined;
if (result === undefined) throw new Error(`unknown scenario ${String(scenario)}`);
process.stdout.write(`${JSON.stringify(result)}\n`);
process.exit(0);
