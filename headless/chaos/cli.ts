/**
 * `npm run chaos -- --seed N --edits N --restarts N --fault-rate F [--clock-skew-min N] [--dir DIR]`: flags,
 * one run, one line. The simulator is started by the caller (scripts/chaos.ts), which also chooses its
 * settings. Stdout gets exactly the result line; everything else goes to stderr. Exit 0 when nothing was lost
 * or duplicated, the queue drained, no op failed or was blocked unless its scenario meant the server to
 * refuse it, every done op was checked, and the cache matched the server after a whole pull; 1 otherwise, 2
 * on bad flags.
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { EXIT, parseFlags, UsageError } from '../../electron/core/flags/parseFlags';
import { reportLine, reportPassed, runChaos } from './run';
import type { ChaosSimulator } from './simulator';

export const CHAOS_USAGE = `Usage: npm run chaos -- --seed N --edits N --restarts N --fault-rate F [--clock-skew-min N] [--dir DIR]

  --seed N             seeds the edits, the kill moments and the simulator's faults (default 1)
  --edits N            edits to queue, every op kind (default 200)
  --restarts N         times the sync worker is SIGKILLed (mid-request) and restarted (default 5)
  --fault-rate F       share of requests that meet a fault: resets, 503s, lost responses, 429s (default 0.2)
  --clock-skew-min N   the client's clock runs N minutes ahead of the server's (behind: --clock-skew-min=-N; default 0)
  --dir DIR            keep the run's store and worker log here (default: a temp directory)

Prints: edits=… applied=… duplicates=… lost=… failed=… conflicts=… drained_in=…s unchecked=… cache_mismatches=…`;

const FLAGS = {
  seed: { type: 'string' },
  edits: { type: 'string' },
  restarts: { type: 'string' },
  'fault-rate': { type: 'string' },
  'clock-skew-min': { type: 'string' },
  dir: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const int = (min: number, fallback: number) =>
  z.coerce.number().int('must be a whole number').min(min).default(fallback);

const ChaosFlagsSchema = z.strictObject({
  seed: int(0, 1),
  edits: int(1, 200),
  restarts: int(0, 5),
  'fault-rate': z.coerce.number().min(0).max(1).default(0.2),
  'clock-skew-min': z.coerce.number().int('must be a whole number').min(-1_440).max(1_440).default(0),
  dir: z.string().min(1).optional(),
  help: z.boolean().default(false),
});

export interface ChaosIo {
  /** What a relative --dir is relative to (npm runs scripts in the package root, not the caller's cwd). */
  cwd?: string;
  /** Starts a simulator with control, the seed as data and fault seed, and a rate limit out of the way. */
  startSimulator(seed: number): Promise<ChaosSimulator & { stop(): Promise<void> }>;
  out(line: string): void;
  err(line: string): void;
}

export async function runChaosCli(argv: readonly string[], io: ChaosIo): Promise<number> {
  let flags: z.output<typeof ChaosFlagsSchema>;
  try {
    flags = parseFlags(argv, FLAGS, ChaosFlagsSchema);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${CHAOS_USAGE}`);
    return EXIT.usage;
  }
  if (flags.help) {
    io.err(CHAOS_USAGE);
    return EXIT.ok;
  }
  const started = Date.now();
  const sim = await io.startSimulator(flags.seed);
  try {
    const report = await runChaos(sim, {
      seed: flags.seed,
      edits: flags.edits,
      restarts: flags.restarts,
      faultRate: flags['fault-rate'],
      clockSkewMs: flags['clock-skew-min'] * 60_000,
      apiKey: 'demo-key',
      ...(flags.dir ? { dir: resolve(io.cwd ?? process.cwd(), flags.dir) } : {}),
      log: io.err,
    });
    for (const problem of [...report.problems, ...report.cache.problems]) io.err(problem);
    const kinds = Object.entries(report.kinds).map(([kind, n]) => `${kind} ${n}`);
    io.err(`edits by kind (${kinds.length} kinds): ${kinds.join(', ')}`);
    const r = report.receiving;
    io.err(
      `receiving: ${r.invoices} invoices with ${r.receipts} receipts checked (${r.offlineOrders} orders ` +
        `created offline, ${r.ordersOnSeveralInvoices} received by several invoices); ${r.lines} lines ` +
        `checked, ${r.units} units received; ${report.refused} ops refused as meant, ` +
        `${report.unexpected} failed or blocked unexpectedly`,
    );
    const c = report.cache;
    const checked = Object.entries(c.checked).map(([table, n]) => `${table} ${n}`);
    io.err(
      `cache against the server after ${report.pulled ? 'a whole pull' : 'NO completed pull'}: ` +
        `${c.mismatches} mismatches in ${checked.join(', ')} rows checked; ` +
        `${c.heldByFailedOps} rows held by failed ops skipped; ${report.unchecked} done ops unchecked`,
    );
    io.err(
      `${report.kills} kills (${report.killsInFlight} with a request in flight, ` +
        `${report.killsMidWrite} leaving a write sending), ` +
        `client clock ${report.clockSkewMs / 60_000} min off the server's, ` +
        `${report.conflictsForced} server-side edits forcing conflicts, ` +
        `${report.pending} ops not done at the end; run directory ${report.dir}; ` +
        `${((Date.now() - started) / 1_000).toFixed(1)} s in all`,
    );
    io.out(reportLine(report));
    return reportPassed(report) ? EXIT.ok : EXIT.opsFailed;
  } finally {
    await sim.stop();
  }
}
