/**
 * npm run bench:pull — the pull's tiers on the small demo (simulator in its own process, its rate limit
 * lifted): time to dock-ready (open orders with their lines and products, this PC's outlet first) and to a
 * complete first sync, and a restart over the complete cache. The baseline is the complete first sync of
 * the same run: dock-ready and the restart are printed as ratios of it (medians with min/max).
 *
 * Options: --runs=N (default 3), --outlet=ID (default 1), --json=FILE.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { ratio, round, summarize } from '../receiving/stats';
import { spawnSimulator } from '../replay/simulator';
import { pullRun, type PullRunResult } from './pullRun';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const runs = Number(arg('runs', '3'));
const outletId = Number(arg('outlet', '1'));
const jsonFile = process.argv.find((a) => a.startsWith('--json='))?.slice(7);

const load = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`;

async function main() {
  const sim = await spawnSimulator();
  console.log(`load before: ${load()}`);
  const results: PullRunResult[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const result = await pullRun(sim.baseUrl, outletId);
      results.push(result);
      console.log(
        `  run ${i + 1}: dock-ready ${round(result.dockReadyMs / 1000, 2)} s, complete ` +
          `${round(result.completeMs / 1000, 2)} s (${result.firstRequests} requests), restart ` +
          `${round(result.restartMs / 1000, 2)} s (${result.restartRequests} requests, ` +
          `${result.restartSweepRequests} of them the product supplier sweep going on)`,
      );
    }
  } finally {
    await sim.stop();
  }
  const complete = summarize(results.map((r) => r.completeMs));
  const figure = (name: string, values: number[], unit = 's') => {
    const s = summarize(values);
    return {
      measure: name,
      median: round(s.p50 / 1000, 2),
      min: round(s.min / 1000, 2),
      max: round(s.max / 1000, 2),
      unit,
      vsCompleteFirstSync: ratio(s.p50, complete.p50),
    };
  };
  const rows = [
    figure(
      'dock-ready (open orders, lines, products)',
      results.map((r) => r.dockReadyMs),
    ),
    figure(
      'complete first sync (baseline)',
      results.map((r) => r.completeMs),
    ),
    figure(
      'restart with the complete cache',
      results.map((r) => r.restartMs),
    ),
  ];
  console.table(rows);
  const requests = {
    firstSync: summarize(results.map((r) => r.firstRequests)).p50,
    restart: summarize(results.map((r) => r.restartRequests)).p50,
  };
  console.log(`requests (median): first sync ${requests.firstSync}, restart ${requests.restart}`);
  console.log(`load after: ${load()}`);
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ runs, outletId, rows, requests }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
