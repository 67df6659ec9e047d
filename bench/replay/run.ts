/**
 * npm run bench:replay — replay of 300 and 1,000 independent queued creates at 50 ms server latency
 * (simulator fault latency, its rate limit lifted, the engine's limiter effectively off), against the
 * pool bound N × latency ÷ pool size. Store: the app's Dexie store over fake-indexeddb behind the store link
 * (./replayRun.ts); the simulator runs in its own process (./simulator.ts). Prints medians with min/max, the
 * ratio to the bound, the per-op cost at each size (linear replay: the same per-op cost at 300 and at
 * 1,000) and the store round trips per op.
 *
 * Options: --runs=N (default 3), --sizes=300,1000, --latency=50, --pool=4, --json=FILE.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { ratio, round, summarize } from '../receiving/stats';
import { replayRun, type ReplayResult } from './replayRun';
import { spawnSimulator } from './simulator';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const runs = Number(arg('runs', '3'));
const sizes = arg('sizes', '300,1000').split(',').map(Number);
const latencyMs = Number(arg('latency', '50'));
const pool = Number(arg('pool', '4'));
const jsonFile = process.argv.find((a) => a.startsWith('--json='))?.slice(7);

async function main() {
  const sim = await spawnSimulator();
  const rows = [];
  console.log(
    `load before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  try {
    await sim.setLatency(latencyMs);
    for (const size of sizes) {
      const results: ReplayResult[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await replayRun(sim.baseUrl, size, pool);
        results.push(result);
        console.log(
          `  ${size} ops run ${i + 1}: ${round(result.ms / 1000, 2)} s, ${result.portCalls} port calls`,
        );
      }
      const wall = summarize(results.map((r) => r.ms));
      const bound = (size * latencyMs) / pool;
      const last = results[results.length - 1]!;
      rows.push({
        ops: size,
        medianS: round(wall.p50 / 1000, 2),
        minS: round(wall.min / 1000, 2),
        maxS: round(wall.max / 1000, 2),
        boundS: round(bound / 1000, 2),
        vsBound: ratio(wall.p50, bound),
        perOpMs: round(wall.p50 / size, 2),
        portCallsPerOp: round(last.portCalls / size, 2),
        byMethod: last.byMethod,
      });
    }
  } finally {
    await sim.stop();
  }
  console.log(
    `load after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log('\nReplay (median of %d runs, %d ms latency, pool %d)', runs, latencyMs, pool);
  console.table(rows.map(({ byMethod: _, ...row }) => row));
  for (const row of rows) console.log(`  ${row.ops} ops port calls:`, JSON.stringify(row.byMethod));
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify({ latencyMs, pool, runs, rows }, null, 2));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
