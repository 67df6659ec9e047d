/**
 * The demo: the v2.1 simulator run in-process on a free loopback port, with its data kept in the host's data
 * directory so demo edits survive a restart. electron/core may not import server/ (eslint runtime
 * boundaries), so the host passes the simulator's `startSimulator` in; the types here are the structural
 * part of it the bridge uses, which a started server/index.ts Simulator satisfies as it is.
 *
 * `demo.json` remembers which dataset the saved demo connection uses (no secret in it): the connection itself
 * (URL and `demo-key`) goes through the SecretBox like a real one.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { DemoDatasetSchema, type DemoDataset } from '../../../src/bridge/contract';
import type { AppLogger } from './logger';

export const DEMO_API_KEY = 'demo-key';

/**
 * Requests a minute the demo's simulator allows its key. The simulator's default (300) is a test setting of
 * our own (the API states no limit); the demo runs with a limit a real back office plausibly has, so it
 * shows sync at the speed of the wire, and the engine's pacing still learns it from 429s (sync/rateLimiter.ts).
 */
export const DEMO_RATE_LIMIT = 6_000;

/** The options the bridge starts the simulator with (a subset of server/index.ts SimulatorOptions). */
export interface DemoSimulatorOptions {
  port: number;
  dataset: DemoDataset;
  apiKey: string;
  dataFile: string;
  control: boolean;
  /** Requests a minute per key: DEMO_RATE_LIMIT. */
  rateLimit: number;
}

/** What the bridge needs of a started simulator (server/index.ts Simulator has all of it). */
export interface DemoSimulator {
  baseUrl: string;
  controlUrl?: string;
  /** Closes its ports and writes the data file; idempotent. */
  stop(): Promise<void>;
}

export type StartDemoSimulator<S extends DemoSimulator> = (options: DemoSimulatorOptions) => Promise<S>;

export interface DemoOptions<S extends DemoSimulator> {
  /** server/index.ts `startSimulator`, passed by the host; without it `demo.start` fails. */
  startSimulator?: StartDemoSimulator<S>;
  /** Also serve the simulator's control API (e2e steers faults through it). */
  control?: boolean;
  onStarted?: (info: { baseUrl: string; controlUrl?: string; simulator: S }) => void;
}

const DemoMetaSchema = z.strictObject({ dataset: DemoDatasetSchema });

const metaFile = (dataDir: string) => join(dataDir, 'demo.json');

/** The dataset of the saved demo connection; undefined when none was recorded or the file is unreadable. */
export async function readDemoDataset(dataDir: string): Promise<DemoDataset | undefined> {
  try {
    const parsed = DemoMetaSchema.safeParse(JSON.parse(await readFile(metaFile(dataDir), 'utf8')));
    return parsed.success ? parsed.data.dataset : undefined;
  } catch {
    return undefined;
  }
}

export async function writeDemoDataset(dataDir: string, dataset: DemoDataset): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const temporary = `${metaFile(dataDir)}.tmp-${process.pid}`;
  await writeFile(temporary, JSON.stringify({ dataset }));
  await rename(temporary, metaFile(dataDir));
}

export async function forgetDemoDataset(dataDir: string): Promise<void> {
  await rm(metaFile(dataDir), { force: true });
}

export interface DemoRunner<S extends DemoSimulator> {
  /** The running simulator and its dataset, if any. */
  current(): { dataset: DemoDataset; simulator: S } | undefined;
  /** Stops any running simulator, then starts one for `dataset` on a new free port. */
  start(dataset: DemoDataset): Promise<S>;
  stop(): Promise<void>;
}

/** Not thread-safe on its own: the bridge calls it only inside its serialised lifecycle. */
export function createDemoRunner<S extends DemoSimulator>(
  dataDir: string,
  options: DemoOptions<S>,
  logger: AppLogger,
): DemoRunner<S> {
  let running: { dataset: DemoDataset; simulator: S } | undefined;

  async function stop() {
    const was = running;
    running = undefined;
    if (!was) return;
    await was.simulator.stop();
    logger.info('demo stopped', { dataset: was.dataset });
  }

  return {
    current: () => running,
    stop,
    async start(dataset) {
      await stop();
      const start = options.startSimulator;
      if (!start) throw new Error('The demo is not available in this build.');
      await mkdir(dataDir, { recursive: true });
      const simulator = await start({
        port: 0,
        dataset,
        apiKey: DEMO_API_KEY,
        dataFile: join(dataDir, `demo-${dataset}.json`),
        control: options.control ?? false,
        rateLimit: DEMO_RATE_LIMIT,
      });
      running = { dataset, simulator };
      logger.info('demo started', {
        dataset,
        baseUrl: simulator.baseUrl,
        ...(simulator.controlUrl ? { controlUrl: simulator.controlUrl } : {}),
      });
      try {
        options.onStarted?.({
          baseUrl: simulator.baseUrl,
          ...(simulator.controlUrl ? { controlUrl: simulator.controlUrl } : {}),
          simulator,
        });
      } catch (error) {
        // The host's callback is a notification: its failure must not undo a started demo.
        logger.warn('demo onStarted callback failed', { error: String(error) });
      }
      return simulator;
    },
  };
}
