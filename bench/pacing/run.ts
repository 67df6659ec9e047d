/**
 * npm run bench:pacing — the sync engine's pacing (issue #11 "Pace by the server", "Back online means now"),
 * each figure the median of several runs with min and max, against a baseline measured in the same run:
 *
 * 1. Replay of N independent creates at 50 ms server latency under the demo's limit (6,000 a minute): the
 *    adaptive pacing against the pool bound (N × latency ÷ pool), and the old fixed client cap (250 a
 *    minute) against the same bound.
 * 2. Back online: a create queued during an outage of `outage` seconds; the time from the API's return to
 *    the create's request, with the probe's backoff now (250 ms doubling to 2 s) against the old one
 *    (1 s doubling to 30 s).
 *
 *    With stray 429s (bursts of three started by `stray` of requests, Retry-After 1 s, as a proxy or the
 *    chaos run's faults send): against the fault-free median plus the pauses alone (1 s a burst), so the
 *    pacing's own cost shows (a pace that ratchets down on stray 429s makes this ratio grow).
 *
 * Options: --runs=N (default 3), --ops=N (default 100), --latency=50, --pool=4, --outage=12,
 * --stray=0.01, --json=FILE.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { DEMO_RATE_LIMIT } from '../../electron/core/bridge/demo';
import { startSimulator } from '../../server/index';
import { ratio, round, summarize } from '../receiving/stats';
import { backOnlineRun, replayRun } from './pacingRun';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;

const runs = Number(arg('runs', '3'));
const ops = Number(arg('ops', '100'));
const latencyMs = Number(arg('latency', '50'));
const pool = Number(arg('pool', '4'));
const outageMs = Number(arg('outage', '12')) * 1000;
const strayRate = Number(arg('stray', '0.01'));
const jsonFile = process.argv.find((a) => a.startsWith('--json='))?.slice(7);

const OLD_CAP = { requestsPerMinute: 250 };
const OLD_PROBE_BACKOFF = { baseMs: 1_000, capMs: 30_000 };

const load = () =>
  `${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`;

async function timed(label: string, run: () => Promise<number>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    samples.push(await run());
    console.log(`  ${label} run ${i + 1}: ${round(samples.at(-1)! / 1000, 2)} s`);
  }
  return samples;
}

const row = (measure: string, samples: number[], baselineLabel: string, baselineMs: number) => {
  const s = summarize(samples);
  return {
    measure,
    medianS: round(s.p50 / 1000, 2),
    minS: round(s.min / 1000, 2),
    maxS: round(s.max / 1000, 2),
    baseline: baselineLabel,
    baselineS: round(baselineMs / 1000, 2),
    ratio: ratio(s.p50, baselineMs),
  };
};

async function main() {
  console.log(`load before: ${load()}`);
  const rows = [];
  const sim = await startSimulator({
    port: 0,
    control: true,
    rateLimit: DEMO_RATE_LIMIT,
    validateResponses: false,
  });
  try {
    sim.control.setFaults({ latencyMs, jitterMs: 0 });
    const bound = (ops * latencyMs) / pool;
    const replay = (settings: Parameters<typeof replayRun>[2], refused?: number[]) => async () => {
      const result = await replayRun(sim, ops, settings);
      refused?.push(result.refused);
      return result.ms;
    };
    const adaptive = await timed(`replay ${ops}, adaptive`, replay({ concurrency: pool }));
    const fixed = await timed(
      `replay ${ops}, fixed 250/min`,
      replay({ concurrency: pool, rateLimit: OLD_CAP }),
    );
    // Stray 429s (a proxy's, or the chaos run's): bursts of three, Retry-After 1 s, from a seeded source.
    sim.control.setFaults({
      latencyMs,
      jitterMs: 0,
      burst429Rate: strayRate,
      burst429Length: 3,
      burst429RetryAfterSeconds: 1,
    });
    const refused: number[] = [];
    const stray = await timed(`replay ${ops}, stray 429s`, replay({ concurrency: pool }, refused));
    sim.control.setFaults({ latencyMs, jitterMs: 0 });
    rows.push(row(`replay ${ops} creates, adaptive pacing`, adaptive, 'pool bound', bound));
    rows.push(row(`replay ${ops} creates, old fixed 250/min`, fixed, 'pool bound', bound));
    rows.push(
      row(`replay ${ops} creates, adaptive pacing`, adaptive, 'old fixed cap, median', summarize(fixed).p50),
    );
    // The pauses alone cost about a second per burst (a burst's three 429s mostly share one pause).
    const pauses = (summarize(refused).p50 / 3) * 1_000;
    rows.push(
      row(
        `replay ${ops} creates, stray 429s (median ${summarize(refused).p50} refused)`,
        stray,
        'no 429s + 1 s a burst',
        summarize(adaptive).p50 + pauses,
      ),
    );

    sim.control.resetFaults();
    const now = await timed('back online, probes ≤ 2 s', () =>
      backOnlineRun(sim, outageMs, { concurrency: pool }),
    );
    const old = await timed('back online, old probes ≤ 30 s', () =>
      backOnlineRun(sim, outageMs, { concurrency: pool, probeBackoff: OLD_PROBE_BACKOFF }),
    );
    const outage = `first request after a ${outageMs / 1000} s outage`;
    rows.push(row(outage, now, 'target 2 s', 2_000));
    rows.push(row(`${outage}, old backoff`, old, 'target 2 s', 2_000));
    rows.push(row(outage, now, 'old probe backoff, median', summarize(old).p50));
  } finally {
    await sim.stop();
  }
  console.log(`load after: ${load()}`);
  console.log(
    `\nPacing (median of ${runs} runs; replay at ${latencyMs} ms latency, pool ${pool}, server ${DEMO_RATE_LIMIT}/min)`,
  );
  console.table(rows);
  if (jsonFile)
    writeFileSync(jsonFile, JSON.stringify({ runs, ops, latencyMs, pool, outageMs, rows }, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
