/**
 * The stress bench's table (issue #24): every row a median with its extremes (and a 95th percentile where
 * the target is one), a ratio against its baseline measured in the same run (the row just above it, marked
 * "baseline"), and the issue's target with whether it is met. Informational: a missed target is printed,
 * never an exit code.
 */
import { round, summarize } from '../receiving/stats';
import type { SyncSample } from '../sync/initialSync';
import { describeTask } from '../sync/report';
import type { Attribution } from './clerk';
import type { PressedNav } from './navClicks';
import type { NavOutcome } from './pageProbe';
import type { ResumeRun } from './resume';
import type { ScanSamples } from './receivingScans';

const COMPLETE_TARGET_RATIO = 2;
const NAV_TARGET_MS = 500;
const LONG_TASK_TARGET_MS = 200;
const SCAN_TARGET_RATIO = 1.5;
const RESUME_TARGET_RATIO = 0.8;
const DOCK_READY_TARGET_MS = 30_000;

const met = (ok: boolean) => (ok ? 'met' : 'MISSED');

export interface Row {
  name: string;
  n: number;
  p50Ms: number;
  p95Ms?: number;
  minMs: number;
  maxMs: number;
  ratio: number;
  p95Ratio?: number;
  target?: string;
  result?: string;
  note?: string;
  /** The ratios unrounded, for judging targets (`printable` leaves them out). */
  exact: { ratio: number; p95Ratio: number };
}

/** A row of `values` against `base` (the baseline row's values); ratios of medians (and of p95s). */
function row(name: string, values: readonly number[], base: readonly number[] | null, p95 = false): Row {
  const finite = values.filter(Number.isFinite);
  const none = { ratio: NaN, p95Ratio: NaN };
  if (finite.length === 0) return { name, n: 0, p50Ms: NaN, minMs: NaN, maxMs: NaN, ratio: NaN, exact: none };
  const s = summarize(finite);
  const baseValues = base?.filter(Number.isFinite) ?? [];
  const b = baseValues.length > 0 ? summarize(baseValues) : null;
  const exact = base
    ? b
      ? { ratio: s.p50 / b.p50, p95Ratio: s.p95 / b.p95 }
      : none
    : { ratio: 1, p95Ratio: 1 };
  return {
    name: base ? name : `${name} (baseline)`,
    n: s.n,
    p50Ms: round(s.p50, 0),
    ...(p95 ? { p95Ms: round(s.p95, 0) } : {}),
    minMs: round(s.min, 0),
    maxMs: round(s.max, 0),
    ratio: round(exact.ratio, 2),
    ...(p95 ? { p95Ratio: round(exact.p95Ratio, 2) } : {}),
    exact,
  };
}

/** A click that never painted counts as the probe's whole wait: the p95 must show it. */
const navMs = (outcomes: readonly NavOutcome[], timeoutMs: number) =>
  outcomes.map((o) => ('timedOut' in o ? timeoutMs : o.paintedMs));

export interface StressedSync {
  sample: SyncSample;
  midSync: PressedNav[];
  idle: PressedNav[];
  scans: ScanSamples;
  /** From the app's start-up done to the sync complete (./clerk.ts). */
  longestTaskMs: number;
  attribution: Attribution;
}

export function stressedRows(runs: readonly StressedSync[], label: string, navTimeoutMs: number): Row[] {
  const baselines = runs.map((r) => r.sample.rawFetch.ms + r.sample.bulkPutMs);
  const complete = runs.map((r) => r.sample.completeMs);
  const notComplete = runs.filter((r) => Number.isNaN(r.sample.completeMs)).length;
  const completeRow = row(`${label}: open → first sync complete`, complete, baselines);
  const idle = runs.flatMap((r) => navMs(r.idle, navTimeoutMs));
  // A "mid-sync" click pressed once the sync had completed is not one.
  const pressed = runs.flatMap((r) => r.midSync);
  const mid = pressed.filter((o) => o.phase !== 'after complete');
  const byPhase = (phase: PressedNav['phase']) => pressed.filter((o) => o.phase === phase).length;
  const midRow = row(`${label}: nav click → list painted, mid-sync`, navMs(mid, navTimeoutMs), idle, true);
  const tasks = runs.map((r) => r.longestTaskMs);
  const echoes = runs.flatMap((r) => r.scans.echoes);
  const scans = runs.flatMap((r) => r.scans.scans);
  const scanRow = row(`${label}: scan → line painted, during the sync`, scans, echoes, true);
  return [
    row(`${label}: raw fetch + bulkPut of the same records`, baselines, null),
    {
      ...completeRow,
      target: `≤ ${COMPLETE_TARGET_RATIO}× baseline`,
      result: notComplete > 0 ? 'MISSED' : met(completeRow.exact.ratio <= COMPLETE_TARGET_RATIO),
      ...(notComplete > 0 ? { note: `${notComplete} run(s) not complete in time` } : {}),
    },
    row(`${label}: nav click → list painted, after the sync`, idle, null, true),
    {
      ...midRow,
      target: `p95 ≤ ${NAV_TARGET_MS} ms`,
      result: met(midRow.n > 0 && (midRow.p95Ms ?? Infinity) <= NAV_TARGET_MS),
      note:
        `pressed ${byPhase('before dock-ready')} before dock-ready, ${byPhase('after dock-ready')} after it` +
        (byPhase('after complete') > 0 ? ` (${byPhase('after complete')} after complete, left out)` : '') +
        `; ${mid.filter((o) => 'timedOut' in o).length} not painted in ${navTimeoutMs / 1000} s, ` +
        `${mid.filter((o) => 'empty' in o && o.empty).length} showed "nothing yet"`,
    },
    row(
      `${label}: longest task of the raw bulkPut (5,000-row reads and puts)`,
      runs.map((r) => r.sample.bulkPutLongestTaskMs),
      null,
    ),
    {
      ...row(
        `${label}: longest main-thread task during the sync (start-up excluded)`,
        tasks,
        runs.map((r) => r.sample.bulkPutLongestTaskMs),
      ),
      target: `≤ ${LONG_TASK_TARGET_MS} ms`,
      result: met(tasks.every((ms) => ms <= LONG_TASK_TARGET_MS)),
      note:
        `${round(summarize(runs.map((r) => r.sample.longTasks)).p50, 0)} long tasks in all; ` +
        `longest with start-up and the clicks after: ${runs.map((r) => Math.round(r.sample.longestTaskMs)).join(', ')} ms`,
    },
    row(`${label}: key burst → trivial text painted, during the sync`, echoes, null, true),
    {
      ...scanRow,
      target: `p95 ≤ ${SCAN_TARGET_RATIO}× baseline`,
      result: met(scanRow.n > 0 && scanRow.exact.p95Ratio <= SCAN_TARGET_RATIO),
      note:
        `PO ${runs[0]?.scans.poId}: ${runs.reduce((n, r) => n + r.scans.refused, 0)} refused and scanned again, ` +
        `${runs.reduce((n, r) => n + r.scans.timedOut, 0)} not painted in time`,
    },
  ];
}

/**
 * The clerk's rows alone, for a run whose sync baseline failed (e.g. the raw fetch after the sync dropped a
 * connection): the nav clicks mid-sync against after it, and the longest task, with no bulkPut baseline.
 */
export function clerkOnlyRows(
  runs: readonly Omit<StressedSync, 'sample'>[],
  label: string,
  navTimeoutMs: number,
): Row[] {
  const full = runs.map((r) => {
    const none = { rawFetch: { ms: NaN }, bulkPutMs: NaN, completeMs: NaN, bulkPutLongestTaskMs: NaN };
    return { ...r, sample: { ...none, longTasks: r.attribution.longTasks } as unknown as SyncSample };
  });
  const wanted = [' after the sync', ' mid-sync', 'during the sync (start-up excluded)'];
  return stressedRows(full, label, navTimeoutMs)
    .filter((r) => wanted.some((w) => r.name.includes(w)))
    .map((r) => (r.name.includes('longest main-thread') ? { ...r, note: r.note?.split(';')[0] } : r));
}

/** Every mid-sync click as it went (section, where the sync was, ms or not painted): which ones froze. */
export function clickLines(runs: readonly Pick<StressedSync, 'midSync'>[]): string[] {
  return runs.map(
    (r, i) =>
      `Run ${i + 1} mid-sync clicks: ` +
      r.midSync
        .map(
          (o) =>
            `${o.section} ${o.phase ?? ''} ${'timedOut' in o ? 'NOT PAINTED' : `${Math.round(o.paintedMs)} ms`}`,
        )
        .join('; '),
  );
}

/**
 * What the long tasks during the sync were (./clerk.ts `attribute`): each run's longest tasks with their
 * frames' scripts, as bench:sync prints them, and the scripts that took the most time over all long frames.
 */
export function attributionLines(runs: readonly Pick<StressedSync, 'attribution'>[]): string[] {
  return runs.flatMap(({ attribution: a }, i) => [
    `Run ${i + 1}: ${a.longTasks} long tasks, ${round(a.longTaskTotalMs / 1000, 1)} s in all (times from the app's start-up done)`,
    ...a.worst.map((t) => `  ${describeTask(t)}`),
    '  Scripts in long frames, by total time (invoker file:function — frames, total ms, longest ms):',
    ...a.byScript.map((s) => `    ${s.script} — ${s.frames}, ${s.totalMs}, ${s.maxMs}`),
  ]);
}

export function resumeRows(runs: readonly ResumeRun[], label: string): Row[] {
  const fresh = runs.map((r) => r.freshMs);
  const resumed = row(
    `${label}: resumed sync after a kill at ~30 %`,
    runs.map((r) => r.resumedMs),
    fresh,
  );
  const at = runs[0];
  return [
    row(`${label}: fresh sync (${at?.rows ?? 0} rows)`, fresh, null),
    {
      ...resumed,
      target: `≤ ${RESUME_TARGET_RATIO}× fresh`,
      result: met(resumed.exact.ratio <= RESUME_TARGET_RATIO),
      note: at ? `killed at ${at.killedAtRows} rows, ${round(at.killedAfterMs / 1000, 1)} s in` : '',
    },
  ];
}

export function quietRows(samples: readonly SyncSample[], label: string): Row[] {
  const baselines = samples.map((s) => s.rawFetch.ms + s.bulkPutMs);
  const ready = row(
    `${label}: open → dock-ready, quiet`,
    samples.map((s) => s.dockReadyMs),
    baselines,
  );
  return [
    row(`${label}: raw fetch + bulkPut of the open orders, quiet`, baselines, null),
    {
      ...ready,
      target: `≤ ${DOCK_READY_TARGET_MS / 1000} s`,
      result: met(ready.p50Ms <= DOCK_READY_TARGET_MS),
    },
  ];
}

const COLUMNS = [
  'n',
  'p50Ms',
  'p95Ms',
  'minMs',
  'maxMs',
  'ratio',
  'p95Ratio',
  'target',
  'result',
  'note',
] as const;

/** The rows as printed: the same columns in the same order on every row, the exact ratios left out. */
export function printable(rows: readonly Row[]) {
  return rows.map((r) => ({ name: r.name, ...Object.fromEntries(COLUMNS.map((c) => [c, r[c] ?? ''])) }));
}

/** The same rows as a Markdown table, for a note. */
export function markdown(rows: readonly Row[]): string {
  const head = ['row', ...COLUMNS];
  const lines = printable(rows).map((r) => `| ${Object.values(r).join(' | ')} |`);
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...lines].join('\n');
}
