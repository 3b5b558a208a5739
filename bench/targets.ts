// The performance targets (README, "Performance"), checked against the measured medians.
import { TARGETS } from './config.js';
import { formatFigure as f, type Measurement, type TargetCheck } from './report.js';

/** Whatever subset of the scenarios ran. */
export interface Figures {
  s1Short?: Measurement;
  s1Long?: Measurement;
  s2?: { measurement: Measurement; idealMs: number }[];
  s3?: { throughput: Measurement; peakRss: Measurement };
  s4?: Measurement;
  s5?: { heap: Measurement; rss: Measurement };
  s6?: Measurement;
  sweep?: { sizes: { calls: number; measurement: Measurement }[]; slow: { measurement: Measurement; idealMs: number } };
}

const median = (m: Measurement) => m.tinyagent.median;

/** One check per target whose scenarios ran. */
export function checkTargets(figures: Figures): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const check = (target: string, measured: string, holds: boolean) => checks.push({ target, measured, holds });
  const { s1Short, s1Long, s2, s3, s4, s5, s6, sweep } = figures;
  if (s1Long) check(`S1 N=200 ≤ ${TARGETS.s1MaxUsPerStep} µs/step`, `${f(median(s1Long))} µs`, median(s1Long) <= TARGETS.s1MaxUsPerStep);
  if (s1Long && s1Short) {
    const growth = median(s1Long) / median(s1Short);
    check(`S1 N=200 ≤ ${TARGETS.s1MaxGrowth}× N=20`, `${f(growth)}×`, growth <= TARGETS.s1MaxGrowth);
  }
  for (const { measurement, idealMs } of s2 ?? []) {
    const ofIdeal = median(measurement) / idealMs;
    check(`${measurement.id} ≤ ${TARGETS.s2MaxOfIdeal}× ideal ${idealMs} ms`, `${f(median(measurement))} ms = ${f(ofIdeal)}×`, ofIdeal <= TARGETS.s2MaxOfIdeal);
  }
  if (s3) {
    const rate = median(s3.throughput);
    check(`S3 ≥ ${TARGETS.s3MinCallsPerSecond} tool calls/s`, `${f(rate)}/s`, rate >= TARGETS.s3MinCallsPerSecond);
    const rss = median(s3.peakRss);
    check(`S3 peak RSS ≤ ${TARGETS.s3MaxPeakRssMB} MB`, `${f(rss)} MB`, rss <= TARGETS.s3MaxPeakRssMB);
  }
  if (s4 && s1Long) {
    const ratio = median(s4) / median(s1Long);
    check(`S4 ≤ ${TARGETS.s4MaxOfS1}× S1`, `${f(median(s4))} µs = ${f(ratio)}×`, ratio <= TARGETS.s4MaxOfS1);
  }
  if (s5) {
    // Judged on the heap a waiting Run retains. The RSS delta is reported too, but it mostly
    // follows V8's young generation, which grows during the burst of 10,000 starts (about
    // 10 KiB per Run with --max-semi-space-size=1, 22 with 64, for the same Runs).
    const heap = median(s5.heap);
    check(`S5 ≤ ${TARGETS.s5MaxKiBPerRun} KiB retained heap per Run`, `${f(heap)} KiB (RSS delta ${f(median(s5.rss))} KiB)`, heap <= TARGETS.s5MaxKiBPerRun);
  }
  if (s6 && s1Long) {
    const ratio = median(s6) / median(s1Long);
    check(`S6 ≤ ${TARGETS.s6MaxOfS1}× S1`, `${f(median(s6))} µs = ${f(ratio)}×`, ratio <= TARGETS.s6MaxOfS1);
  }
  if (sweep && sweep.sizes.length > 1) {
    const [first, last] = [sweep.sizes[0]!, sweep.sizes.at(-1)!];
    const growth = median(last.measurement) / median(first.measurement);
    check(`sweep: per call at ${last.calls} calls ≤ ${TARGETS.sweepMaxGrowth}× at ${first.calls}`, `${f(median(last.measurement))} / ${f(median(first.measurement))} µs = ${f(growth)}×`, growth <= TARGETS.sweepMaxGrowth);
  }
  if (sweep) {
    const ofIdeal = median(sweep.slow.measurement) / sweep.slow.idealMs;
    check(`${sweep.slow.measurement.id} ≤ ${TARGETS.sweepSlowMaxOfIdeal}× ideal ${sweep.slow.idealMs} ms`, `${f(median(sweep.slow.measurement))} ms = ${f(ofIdeal)}×`, ofIdeal <= TARGETS.sweepSlowMaxOfIdeal);
  }
  return checks;
}
