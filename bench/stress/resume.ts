/**
 * Resume (issue #24): the headless initial sync (bench/headless/syncChild.ts, `npm run sync --once`) of a
 * demo dataset into an empty store, timed (the fresh sync, the baseline); then another into a second empty
 * store, killed with SIGKILL once its progress lines count `killAt` of the fresh sync's rows; then the same
 * sync started again on that store, timed (the resumed sync). Resume works when the resumed sync takes a
 * fraction of the fresh one: what was stored is skipped, not fetched and written again.
 * Rows are counted from the progress lines (`pull <resource>: <done>/<total> rows`), resource by resource;
 * the fresh sync's last count of each is its total.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSimulator, watchedChild } from '../headless/children';
import type { ChildResult } from '../headless/measure';

export interface ResumeRun {
  dataset: string;
  freshMs: number;
  /** Rows the fresh sync stored, by its progress lines. */
  rows: number;
  /** Rows counted and time taken when the second sync was killed. */
  killedAtRows: number;
  killedAfterMs: number;
  resumedMs: number;
}

const SYNC_CHILD = 'bench/headless/syncChild.ts';
const PROGRESS_MS = '200';
const PROGRESS = /^pull (\S+): (\d+)(?:\/\d+)? rows/;

/** Counts rows per resource from progress lines; the sum of the latest counts. */
function rowCounter() {
  const rows = new Map<string, number>();
  return {
    see(line: string): boolean {
      const match = PROGRESS.exec(line);
      if (match) rows.set(match[1]!, Number(match[2]));
      return match !== null;
    },
    total: () => [...rows.values()].reduce((sum, n) => sum + n, 0),
  };
}

function finished(result: ChildResult | 'killed', what: string): ChildResult {
  if (result === 'killed') throw new Error(`${what} was killed`);
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}`);
  return result;
}

export async function runResume(dataset: string, killAt: number): Promise<ResumeRun> {
  const sim = await startSimulator(dataset);
  const work = mkdtempSync(join(os.tmpdir(), `dockhand-bench-resume-${dataset}-`));
  const urls = join(work, 'urls.txt');
  try {
    const freshRows = rowCounter();
    const fresh = finished(
      await watchedChild(SYNC_CHILD, [sim.baseUrl, join(work, 'fresh'), urls, PROGRESS_MS], (line) =>
        freshRows.see(line),
      ),
      'the fresh sync',
    );
    const rows = freshRows.total();
    console.log(`  fresh sync: ${(fresh.wallMs / 1000).toFixed(1)} s, ${rows} rows`);

    const store = join(work, 'resumed');
    const killedRows = rowCounter();
    const started = performance.now();
    let killedAtRows = 0;
    let killedAfterMs = 0;
    const killed = await watchedChild(SYNC_CHILD, [sim.baseUrl, store, urls, PROGRESS_MS], (line, kill) => {
      if (!killedRows.see(line) || killedRows.total() < killAt * rows) return;
      killedAtRows = killedRows.total();
      killedAfterMs = performance.now() - started;
      kill();
    });
    if (killed !== 'killed')
      throw new Error(`the sync to kill finished first (at ${killedRows.total()} rows)`);
    console.log(`  killed at ${killedAtRows} rows after ${(killedAfterMs / 1000).toFixed(1)} s`);

    const resumed = finished(
      await watchedChild(SYNC_CHILD, [sim.baseUrl, store, urls, PROGRESS_MS], () => {}),
      'the resumed sync',
    );
    console.log(`  resumed sync: ${(resumed.wallMs / 1000).toFixed(1)} s`);
    return { dataset, freshMs: fresh.wallMs, rows, killedAtRows, killedAfterMs, resumedMs: resumed.wallMs };
  } finally {
    rmSync(work, { recursive: true, force: true });
    await sim.stop();
  }
}
