/**
 * `npm run sync -- --base-url URL --api-key KEY --data DIR [--once]`: a headless pull + push against any v2.1
 * server, with the outbox, cache and cursors in DIR (the file-backed store). Progress goes to stderr.
 *
 * --once: one pull, then push until nothing is queued, sending or uncertain; otherwise run until SIGINT or
 * SIGTERM. Exit codes: 0 nothing failed or conflicted; 1 ops failed or conflicted (each listed with its
 * problem); 2 usage; 3 credentials rejected or the API unreachable; 4 this PC's data could not be written
 * (the engine stopped after repeated store failures); 5 the data is damaged or missing queued edits, so
 * nothing ran (--accept-store-loss to carry on); 6 the data is in use by another sync (./storeRefusal.ts);
 * 130 / 143 a --once run stopped by SIGINT / SIGTERM.
 *
 * A signal (`io.stop`) stops the run at once, wherever it is: requests in flight are aborted (the outbox's
 * write-ahead marks make an interrupted send uncertain, looked up before any resend at the next start), the
 * store is closed, and the process exits. scripts/sync.ts gives that 5 s, and a second signal none.
 */
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { secureTransport } from '../../src/api/secureUrl';
import { ClientOptionsSchema } from '../../electron/core/api/options';
import type { SyncLogger } from '../../electron/core/sync';
import { EXIT, parseFlags, UsageError } from '../../electron/core/flags/parseFlags';
import { createRedactor } from '../../electron/core/log/redact';
import {
  checkCredentials,
  describeOp,
  openHeadless,
  opsNeedingAttention,
  waitUntilSettled,
} from './headless';
import { reportProgress } from './progress';
import { acceptedNotice, storeRefusal } from './storeRefusal';

export const SYNC_USAGE = `Usage: npm run sync -- --base-url URL --api-key KEY --data DIR [--once] [--rate-limit N]

  --base-url URL    the v2.1 root, e.g. http://127.0.0.1:8787/v2.1
  --api-key KEY     the API key (or set DOCKHAND_API_KEY); never printed
  --data DIR        where the outbox, cache and cursors are kept (created if missing)
  --once            pull once, push until the queue is idle, then exit (default: run until SIGINT/SIGTERM)
  --rate-limit N    at most N requests a minute (default: none; the pace follows the server's 429s)
  --accept-store-loss
                    open the data even though it is damaged or missing queued edits (refused otherwise,
                    exit 5, saying what is missing); the loss is then recorded and the rest is synced

On SIGINT or SIGTERM the request in flight is abandoned safely (it is checked on the next run), the data is
closed and the process exits within 5 s; a second signal exits at once.

Exit codes: 0 ok, 1 ops failed or conflicted, 2 usage, 3 credentials rejected or API unreachable,
4 this PC's data could not be written, 5 this PC's data is damaged or missing queued edits (nothing sent),
6 the data is in use by another sync, 130/143 --once interrupted by SIGINT/SIGTERM.`;

/** The engine stopped because the store kept failing (electron/core/sync/storeTrouble.ts). */
const EXIT_STORE = 4;

/** 128 + the signal's number, as shells report a process a signal ended; 130 (SIGINT) for anything else. */
function interruptedCode(reason: unknown): number {
  const number = typeof reason === 'string' ? constants.signals[reason as NodeJS.Signals] : undefined;
  return 128 + (number ?? constants.signals.SIGINT);
}

const FLAGS = {
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  data: { type: 'string' },
  once: { type: 'boolean' },
  'rate-limit': { type: 'string' },
  'accept-store-loss': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const missing = (what: string) => ({ error: () => `${what} is required` });

const SyncFlagsSchema = z.strictObject({
  // https, or http only to this computer: the key and tokens never cross the network in clear.
  'base-url': ClientOptionsSchema.shape.baseUrl
    .optional()
    .pipe(z.string(missing('the v2.1 base URL')).check(secureTransport())),
  'api-key': z.string(missing('an API key (flag or DOCKHAND_API_KEY)')).min(1, 'must not be empty'),
  data: z.string(missing('a data directory')).min(1, 'must not be empty'),
  once: z.boolean().default(false),
  'rate-limit': z.coerce.number().int('must be a whole number').positive('must be positive').optional(),
  'accept-store-loss': z.boolean().default(false),
  help: z.boolean().default(false),
});

export interface SyncIo {
  env: Record<string, string | undefined>;
  /** What a relative --data is relative to (npm runs scripts in the package root, not the caller's cwd). */
  cwd?: string;
  /** Progress and reports (stderr in the script). */
  write(line: string): void;
  /**
   * Resolves when the run should stop (SIGINT/SIGTERM in the script, resolving with the signal's name): the
   * end of a long-running sync, and an interruption of --once.
   */
  stop?: Promise<unknown>;
  /** How long (ms) the API may stay unreachable during --once before giving up (default 30 s). */
  offlineGraceMs?: number;
  /** Progress throttle (tests make it small). */
  progressMs?: number;
}

function logger(write: (line: string) => void): SyncLogger {
  const line = (level: string) => (entry: Parameters<SyncLogger['info']>[0]) =>
    write(
      `${level}: ${entry.event}${entry.kind ? ` ${entry.kind}` : ''}${entry.resource ? ` ${entry.resource}` : ''}` +
        `${entry.detail ? `: ${entry.detail}` : ''}`,
    );
  // Op-by-op info lines would drown the progress; the counts say the same.
  return { info: () => {}, warn: line('warning'), error: line('error') };
}

export async function runSync(argv: readonly string[], io: SyncIo): Promise<number> {
  let flags: z.output<typeof SyncFlagsSchema>;
  try {
    flags = parseFlags(argv, FLAGS, SyncFlagsSchema, { 'api-key': io.env.DOCKHAND_API_KEY });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.write(`${error.message}\n\n${SYNC_USAGE}`);
    return EXIT.usage;
  }
  if (!flags.help) return run(flags, io);
  io.write(SYNC_USAGE);
  return EXIT.ok;
}

async function run(flags: z.output<typeof SyncFlagsSchema>, given: SyncIo): Promise<number> {
  // Every line this run prints passes the redactor the client registers its key and tokens with: a server
  // can repeat them in any answer, and an op's problem or an engine warning would carry them to stderr.
  const redactor = createRedactor();
  redactor.addSecret(flags['api-key']);
  const io: SyncIo = { ...given, write: (line) => given.write(redactor.redactText(line)) };
  // A store that cannot be trusted, or is in use, is refused in words (./storeRefusal.ts): no engine starts.
  const headless = await openHeadless({
    store: { acceptLoss: flags['accept-store-loss'] },
    dir: resolve(io.cwd ?? process.cwd(), flags.data),
    baseUrl: flags['base-url'],
    apiKey: flags['api-key'],
    client: { redactor },
    engine: {
      logger: logger(io.write),
      // No cap unless asked for: the engine's pacing starts fast and backs off on the server's 429s.
      ...(flags['rate-limit'] ? { rateLimit: { requestsPerMinute: flags['rate-limit'] } } : {}),
    },
  }).catch((error: unknown) => storeRefusal(error) ?? Promise.reject(error));
  if ('code' in headless) {
    io.write(headless.message);
    return headless.code;
  }
  const accepted = headless.store.stats().opened.acceptedLoss;
  if (accepted) io.write(acceptedNotice(accepted));
  let stopProgress = () => Promise.resolve();
  const never = new Promise<never>(() => {});
  let signal: { reason: unknown } | undefined;
  const stop = (io.stop ?? never).then((reason) => {
    signal = { reason };
    io.write('stopping: abandoning the request in flight safely and closing the data');
  });
  /** `work`, or nothing once a signal came first (what is left is stopped by the engine's stop). */
  const unlessStopped = <T>(work: Promise<T>) => Promise.race([work, stop.then(() => undefined)]);
  try {
    const check = await unlessStopped(checkCredentials(headless.client));
    if (!check) return interruptedCode(signal?.reason);
    if (!check.ok) {
      // The client's messages already start with "credentials rejected" for refused keys.
      io.write(check.reason === 'credentials' ? check.message : `API unreachable: ${check.message}`);
      return EXIT.credentials;
    }
    stopProgress = reportProgress(headless.engine, headless.port, io.write, {
      intervalMs: io.progressMs ?? 1_000,
    });
    // The start itself is short (store reads, the first pump): it is let finish so the stop finds it whole.
    await headless.engine.start();
    // syncNow joins the pull start() began and waits for it: the "one pull" of --once.
    if (flags.once && !signal) await unlessStopped(headless.engine.syncNow());
    const settled = signal
      ? 'stopped'
      : await waitUntilSettled(headless, {
          offlineGraceMs: flags.once ? (io.offlineGraceMs ?? 30_000) : Infinity,
          stop,
          // Without --once the run ends on a signal (or lost credentials), however idle the queue is.
          untilStopped: !flags.once,
        });
    // Aborts what is in flight: each op is left queued, uncertain or finished, as the store records.
    await headless.engine.stop();
    await stopProgress();
    if (settled === 'stopped' && flags.once) return interruptedCode(signal?.reason);
    if (settled === 'store') {
      io.write(
        `stopped: ${headless.engine.status.get().storeTrouble?.stopped ?? 'the data could not be written'}`,
      );
      return EXIT_STORE;
    }
    if (settled === 'credentials' || settled === 'offline') {
      io.write(settled === 'credentials' ? 'stopped: credentials rejected' : 'stopped: API unreachable');
      return EXIT.credentials;
    }
    const attention = await opsNeedingAttention(headless.port);
    for (const op of attention) io.write(describeOp(op));
    return attention.some((op) => op.state === 'failed' || op.state === 'conflicted')
      ? EXIT.opsFailed
      : EXIT.ok;
  } finally {
    await stopProgress();
    await headless.close();
  }
}
