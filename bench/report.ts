// What each scenario reports, and how the table and the targets are printed.
import type { Summary } from './stats.js';

/** One figure measured for tinyagent and for the bare loop in the same process run. */
export interface Measurement {
  id: string;
  metric: string;
  unit: string;
  tinyagent: Summary;
  baseline: Summary;
  /** True for throughput-like metrics. */
  higherIsBetter?: boolean;
}

/** A performance target and whether the measured median meets it. */
export interface TargetCheck {
  target: string;
  measured: string;
  holds: boolean;
}

/** How many times the bare loop's cost tinyagent's median is (above 1: slower). */
export function ratioToBaseline(m: Measurement): number {
  return m.higherIsBetter ? m.baseline.median / m.tinyagent.median : m.tinyagent.median / m.baseline.median;
}

const fmt = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2));
const range = (s: Summary) => `${fmt(s.min)}–${fmt(s.max)}`;

function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The measurements as a Markdown table: medians, min–max, ratio to the bare loop. */
export function measurementTable(measurements: readonly Measurement[]): string {
  return table(
    ['scenario', 'metric', 'tinyagent median', 'tinyagent min–max', 'bare loop median', 'bare min–max', '× bare', 'n'],
    measurements.map((m) => [
      m.id,
      `${m.metric} (${m.unit})`,
      fmt(m.tinyagent.median),
      range(m.tinyagent),
      fmt(m.baseline.median),
      range(m.baseline),
      `${fmt(ratioToBaseline(m))}×`,
      String(m.tinyagent.samples),
    ]),
  );
}

/** The targets as a Markdown table. */
export function targetTable(checks: readonly TargetCheck[]): string {
  return table(
    ['target', 'measured', 'holds'],
    checks.map((c) => [c.target, c.measured, c.holds ? 'yes' : 'NO']),
  );
}

export { fmt as formatFigure };
