/**
 * npm run bench:headless — the headless initial sync (`npm run sync --once`, headless/cli/sync.ts: engine,
 * file store on SQLite) of the small and the large dataset into an empty store: wall, CPU, peak
 * RSS, bytes and requests, against a raw fetch + JSON.parse of the distinct GETs that carry the same records
 * (./rawChild.ts), measured in the same run. Each run is a process of its own (./syncChild.ts), so CPU and
 * peak RSS are its own; the simulator runs in another (server/cli.ts, rate limit lifted) and the engine's
 * limiter is lifted through the CLI's --rate-limit.
 *
 * Options: --datasets=small,large  --runs=N (default 3; large defaults to 1: a run takes minutes)
 *          --large-runs=N  --concurrency=N (the baseline's, default 4 = the engine's pool)  --json=FILE
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ratio, round, summarize } from '../receiving/stats';
import { child, startSimulator } from './children';
import type { ChildResult } from './measure';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const datasets = arg('datasets', 'small,large').split(',') as ('small' | 'large')[];
const runsFor = (dataset: string) => Number(dataset === 'large' ? arg('large-runs', '1') : arg('runs', '3'));
const concurrency = arg('concurrency', '4');
const jsonFile = process.argv.find((a) => a.startsWith('--json='))?.slice(7);

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

function row(dataset: string, what: string, results: ChildResult[], baseline?: ChildResult[]) {
  const s = (pick: (r: ChildResult) => number) => summarize(results.map(pick));
  const wall = s((r) => r.wallMs);
  const cpu = s((r) => r.cpuMs);
  const rss = s((r) => r.peakRssMb);
  const base = baseline && {
    wall: summarize(baseline.map((r) => r.wallMs)).p50,
    cpu: summarize(baseline.map((r) => r.cpuMs)).p50,
    rss: summarize(baseline.map((r) => r.peakRssMb)).p50,
  };
  return {
    dataset,
    what,
    runs: results.length,
    wallS: `${round(wall.p50 / 1000, 1)} (${round(wall.min / 1000, 1)}–${round(wall.max / 1000, 1)})`,
    cpuS: `${round(cpu.p50 / 1000, 1)} (${round(cpu.min / 1000, 1)}–${round(cpu.max / 1000, 1)})`,
    peakRssMb: `${Math.round(rss.p50)} (${Math.round(rss.min)}–${Math.round(rss.max)})`,
    requests: results[0]!.requests,
    mb: round(results[0]!.bytes / 1e6, 1),
    wallVsRaw: base ? ratio(wall.p50, base.wall) : 1,
    cpuVsRaw: base ? ratio(cpu.p50, base.cpu) : 1,
    rssVsRaw: base ? ratio(rss.p50, base.rss) : 1,
  };
}

async function main() {
  console.log(`load before: ${load()} (${os.cpus().length} cores)`);
  const rows = [];
  const raw: Record<string, unknown> = {};
  for (const dataset of datasets) {
    const sim = await startSimulator(dataset);
    const work = mkdtempSync(join(os.tmpdir(), `dockhand-bench-headless-${dataset}-`));
    try {
      const urls = join(work, 'urls.txt');
      const syncs: ChildResult[] = [];
      const raws: ChildResult[] = [];
      // Alternated so a change in the machine's load falls on both sides.
      for (let i = 0; i < runsFor(dataset); i++) {
        const dir = join(work, `store-${i}`);
        const sync = await child('bench/headless/syncChild.ts', [sim.baseUrl, dir, urls]);
        if (sync.code !== 0) throw new Error(`the ${dataset} sync exited ${sync.code}`);
        rmSync(dir, { recursive: true, force: true });
        syncs.push(sync);
        const base = await child('bench/headless/rawChild.ts', [sim.baseUrl, urls, concurrency]);
        raws.push(base);
        console.log(
          `  ${dataset} run ${i + 1}: sync ${round(sync.wallMs / 1000, 1)} s, ${Math.round(sync.peakRssMb)} MB; ` +
            `raw ${round(base.wallMs / 1000, 1)} s, ${Math.round(base.peakRssMb)} MB (load ${load()})`,
        );
      }
      rows.push(row(dataset, 'headless sync', syncs, raws), row(dataset, 'raw fetch + parse', raws));
      raw[dataset] = { syncs, raws };
    } finally {
      rmSync(work, { recursive: true, force: true });
      await sim.stop();
    }
  }
  console.log(`load after: ${load()}`);
  console.log('\nHeadless initial sync: median (min–max); ratios of medians against the raw baseline');
  console.table(rows);
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ rows, raw, concurrency }, null, 2));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
