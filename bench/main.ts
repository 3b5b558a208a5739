// The bench itself (bundled and started by bench/run.ts): every scenario (S1–S6) for
// tinyagent and for the bare loop, in this process run (S3 and S5 in fresh child processes).
// Prints a table, the targets and JSON, and writes the JSON next to the bundle
// (.tmp/bench/results.json, ignored by git).
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { runInChild, type Subject } from './childRunner.js';
import { S1_LONG, S1_SHORT, S2, S5, SWEEP } from './config.js';
import { measurementTable, targetTable, type Measurement } from './report.js';
import { s2Batch } from './scenarios/batch.js';
import type { ManyRunsResult } from './scenarios/manyRuns.js';
import type { MemoryResult } from './scenarios/memory.js';
import { s1s4s6, s1Sequential } from './scenarios/sequential.js';
import { floorShapes } from './scenarios/floorShapes.js';
import { batchSweep } from './scenarios/sweep.js';
import { dbosTable, dbosWorkers, type DbosFigures } from './scenarios/dbosWorkers.js';
import { summarize, type Summary } from './stats.js';
import { checkTargets, type Figures } from './targets.js';

const only = new Set(process.argv.slice(2).map((arg) => arg.toLowerCase()));
const wanted = (...ids: string[]) => only.size === 0 || ids.some((id) => only.has(id));
/** Scenarios that run only when named (`npm run bench -- floor`). */
const named = (id: string) => only.has(id);
const log = (line: string) => process.stderr.write(`${line}\n`);
const single = (value: number): Summary => summarize([value]);

const environment = {
  node: process.version,
  xstate: import.meta.resolve('xstate').replace(/^.*node_modules\//, ''),
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  loadAverageAtStart: loadavg().map((l) => Number(l.toFixed(2))),
};
log(`tinyagent bench · node ${environment.node} · ${environment.xstate} · ${environment.cpus} · load ${environment.loadAverageAtStart.join(' ')}`);

const measurements: Measurement[] = [];
const figures: Figures = {};
const started = performance.now();

if (wanted('s1', 's4', 's6')) {
  // The first scenario would otherwise also pay for JIT warm-up and the young generation growing.
  log('warm-up …');
  await s1Sequential({ ...S1_SHORT, samples: 1, warmup: 30 });
  await s1s4s6({ ...S1_LONG, samples: 1, warmup: 5 });
}
if (wanted('s1')) {
  log('S1 N=20 …');
  figures.s1Short = await s1Sequential(S1_SHORT);
  measurements.push(figures.s1Short);
}
if (wanted('s1', 's4', 's6')) {
  log('S1 N=200, S4, S6 (in turn) …');
  const { s1, s4, s6, floor } = await s1s4s6(S1_LONG);
  Object.assign(figures, { s1Long: s1, s4, s6 });
  measurements.push(s1, s4, s6, floor);
}
if (wanted('s2')) {
  figures.s2 = [];
  for (const options of S2) {
    log(`S2 maxConcurrency ${options.maxConcurrency} …`);
    const result = await s2Batch(options);
    figures.s2.push(result);
    measurements.push(result.measurement);
  }
}
if (wanted('sweep')) {
  figures.sweep = await batchSweep(SWEEP, log);
  measurements.push(...figures.sweep.sizes.map((size) => size.measurement), figures.sweep.slow.measurement);
}
if (named('floor')) measurements.push(...(await floorShapes(SWEEP.sizes, log)));
if (wanted('s3')) {
  log('S3 (child processes) …');
  const [tiny, bare, floor] = [await runInChild<ManyRunsResult>('s3', 'tinyagent'), await runInChild<ManyRunsResult>('s3', 'baseline'), await runInChild<ManyRunsResult>('s3', 'floor')];
  const throughput = (id: string, of: ManyRunsResult): Measurement => ({ id, metric: 'tool calls', unit: '/s', tinyagent: of.callsPerSecond, baseline: bare.callsPerSecond, higherIsBetter: true });
  const peakRss = (id: string, of: ManyRunsResult): Measurement => ({ id, metric: 'VmHWM', unit: 'MB', tinyagent: single(of.peakRssMB), baseline: single(bare.peakRssMB) });
  figures.s3 = { throughput: throughput('S3 1000 runs × 5', tiny), peakRss: peakRss('S3 peak RSS', tiny) };
  measurements.push(figures.s3.throughput, figures.s3.peakRss, throughput('S3 XState floor (reference)', floor), peakRss('S3 XState floor peak RSS (reference)', floor));
}
if (wanted('s5')) {
  log('S5 (child processes) …');
  const repeat = async (subject: Subject) => {
    const results: MemoryResult[] = [];
    for (let i = 0; i < 3; i++) results.push(await runInChild<MemoryResult>('s5', subject, ['--expose-gc']));
    return { heap: summarize(results.map((r) => r.heapKiBPerRun)), rss: summarize(results.map((r) => r.rssKiBPerRun)) };
  };
  const tiny = await repeat('tinyagent');
  const bare = await repeat('baseline');
  const floor = await repeat('floor');
  const id = `S5 ${S5.runs} waiting`;
  figures.s5 = {
    heap: { id, metric: 'heap per Run', unit: 'KiB', tinyagent: tiny.heap, baseline: bare.heap },
    rss: { id, metric: 'RSS per Run', unit: 'KiB', tinyagent: tiny.rss, baseline: bare.rss },
  };
  const floorId = 'S5 XState floor (reference)';
  measurements.push(
    figures.s5.heap,
    figures.s5.rss,
    { id: floorId, metric: 'heap per Run', unit: 'KiB', tinyagent: floor.heap, baseline: bare.heap },
    { id: floorId, metric: 'RSS per Run', unit: 'KiB', tinyagent: floor.rss, baseline: bare.rss },
  );
}

let dbos: DbosFigures | undefined;
if (named('dbos') || (only.size === 0 && process.env.TINYAGENT_PG_URL)) {
  const serverUrl = process.env.TINYAGENT_PG_URL;
  if (!serverUrl) throw new Error('The dbos scenario needs a PostgreSQL server: run `npm run bench:dbos` (or set TINYAGENT_PG_URL)');
  dbos = await dbosWorkers(serverUrl, log);
  console.log(dbosTable(dbos));
  console.log();
}

const targets = checkTargets(figures);
const seconds = (performance.now() - started) / 1000;
const results = { environment: { ...environment, loadAverageAtEnd: loadavg().map((l) => Number(l.toFixed(2))), seconds: Number(seconds.toFixed(1)) }, measurements, targets, ...(dbos ? { dbos } : {}) };

console.log(measurementTable(measurements));
console.log();
console.log(targetTable(targets));
console.log();
console.log(JSON.stringify(results, null, 2));
const resultsFile = new URL('./results.json', import.meta.url);
await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
log(`done in ${seconds.toFixed(1)} s (JSON also in ${resultsFile.pathname}); absolute times are noisy on a shared machine: compare the ratios.`);
