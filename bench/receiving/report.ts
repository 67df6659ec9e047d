/**
 * The receiving benchmark's tables, in the style of server/bench: medians and 95th percentiles with the
 * extremes, each next to a baseline measured in the same run as a ratio, and the targets (#10) with
 * whether they are met. Informational: a missed target is printed, never an exit code.
 */
import type { LookupSamples, PaintSample } from './page/api';
import type { ScanRun } from './scans';
import { ratio, round, summarize } from './stats';

/** p95 of "scan → the line's new quantity painted", by CPU throttling rate (issue #10). */
const SCAN_TARGET_MS: Record<number, number> = { 1: 16, 4: 50 };
const LOOKUP_TARGET_MS = 2;
const LONG_TASK_LIMIT_MS = 50;

const met = (value: number, limit: number) => (value <= limit ? 'met' : 'MISSED');

export function scanTable(runs: readonly ScanRun[]) {
  return runs.flatMap((run) => {
    const base = summarize(run.baseline.map((s: PaintSample) => s.paintedMs));
    const scans = summarize(run.scans.map((s) => s.paintedMs));
    const row = (name: string, samples: readonly PaintSample[], s: typeof base) => ({
      name: `CPU ${run.rate}×: ${name}`,
      n: s.n,
      p50Ms: round(s.p50, 1),
      p95Ms: round(s.p95, 1),
      maxMs: round(s.max, 1),
      p50Ratio: ratio(s.p50, base.p50),
      p95Ratio: ratio(s.p95, base.p95),
      shownP50Ms: round(summarize(samples.map((x) => x.shownMs)).p50, 1),
      inputDelayP50Ms: round(summarize(samples.map((x) => x.inputDelayMs)).p50, 1),
    });
    const target = SCAN_TARGET_MS[run.rate];
    return [
      row('key burst → trivial text painted (baseline)', run.baseline, base),
      {
        ...row("scan → line's Now painted", run.scans, scans),
        refusedAndRescanned: run.refused,
        ...(target === undefined ? {} : { target: `p95 ≤ ${target} ms`, result: met(scans.p95, target) }),
      },
    ];
  });
}

const LOOKUP_ROWS: readonly [keyof LookupSamples, string][] = [
  ['get', 'products.get(id) (baseline)'],
  ['barcode', 'findProductByCode: barcode'],
  ['sku', 'findProductByCode: supplier SKU'],
  ['missBarcode', 'findProductByCode: unknown barcode'],
  ['missSku', 'findProductByCode: unknown SKU'],
  ['searchWords', 'products search: "<id> product" (one word every product has)'],
  ['searchCode', 'products search: supplier SKU prefix'],
];

export function lookupTable(rate: number, samples: LookupSamples, judged: boolean) {
  const base = summarize(samples.get);
  return LOOKUP_ROWS.map(([kind, name]) => {
    const s = summarize(samples[kind]);
    // The 2 ms target is the scan's (findProductByCode); a typed search is judged by its ratio alone.
    const target = judged && kind !== 'get' && !kind.startsWith('search');
    return {
      name: `CPU ${rate}×: ${name}`,
      n: s.n,
      p50Ms: round(s.p50, 2),
      p95Ms: round(s.p95, 2),
      maxMs: round(s.max, 2),
      p50Ratio: ratio(s.p50, base.p50),
      p95Ratio: ratio(s.p95, base.p95),
      ...(target ? { target: `p95 ≤ ${LOOKUP_TARGET_MS} ms`, result: met(s.p95, LOOKUP_TARGET_MS) } : {}),
    };
  });
}

export function longTaskTable(runs: readonly ScanRun[]) {
  return runs.map((run) => {
    const longest = Math.max(0, ...run.longTasks.map((task) => task.duration));
    return {
      name: `CPU ${run.rate}×: long tasks during the scan run`,
      count: run.longTasks.length,
      longestMs: round(longest, 0),
      totalMs: round(
        run.longTasks.reduce((sum, task) => sum + task.duration, 0),
        0,
      ),
      target: `none over ${LONG_TASK_LIMIT_MS} ms`,
      result: run.longTasks.length === 0 ? 'met' : 'MISSED',
    };
  });
}
