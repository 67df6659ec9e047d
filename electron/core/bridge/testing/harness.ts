/**
 * A main bridge as a host would build it, for tests (imported only by *.test.ts): a SecretBox over a key
 * file in a temp directory, a recording logger, fast engine settings and, for the demo, the simulator's
 * `startSimulator` passed in by the test (this folder may not import server/). Every renderer made through
 * it and every result it returns is kept, so a test can scan all of it for a key.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keyFileCipher } from '../../secrets/cipher';
import { SecretBox } from '../../secrets/secretBox';
import type { DemoSimulator, StartDemoSimulator } from '../demo';
import { createMainBridge, type MainBridge, type MainBridgeOptions } from '../mainBridge';
import {
  recordingLogger,
  testRenderer,
  type IndexedDbFactory,
  type LogLine,
  type TestRenderer,
} from './links';

/**
 * Purchase orders only, in small pages: a demo PO page of 200 with its items is ~20 MB, seconds in
 * fake-indexeddb; tests need the first rows, not all of them.
 */
export const FAST_ENGINE: MainBridgeOptions['engine'] = {
  pull: { resources: ['purchaseOrders'], byId: false, pageSize: 10, intervalMs: 60_000 },
  backoff: { baseMs: 20, capMs: 200 },
  probeBackoff: { baseMs: 50, capMs: 500 },
};

export interface BridgeHarness<S extends DemoSimulator> {
  bridge: MainBridge<S>;
  dir: string;
  secretsFile: string;
  /** A new SecretBox over the same files: what the next run of the app would read. */
  reopenSecrets(): SecretBox;
  logs: LogLine[];
  results: unknown[];
  renderers: TestRenderer[];
  renderer(label: string, indexedDB?: IndexedDbFactory): TestRenderer;
  /** All the bridge said (results, events, log lines), for scanning. */
  everything(): string;
}

export function bridgeHarness<S extends DemoSimulator>(
  options: {
    dir?: string;
    startSimulator?: StartDemoSimulator<S>;
    overrides?: Partial<MainBridgeOptions<S>>;
  } = {},
): BridgeHarness<S> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'dockhand-bridge-'));
  const secretsFile = join(dir, 'credentials.bin');
  const reopenSecrets = () => new SecretBox(keyFileCipher(join(dir, 'secret.key')), secretsFile);
  const logger = recordingLogger();
  const bridge = createMainBridge<S>({
    host: 'browser',
    version: '0.0.0-test',
    secrets: reopenSecrets(),
    dataDir: dir,
    logger,
    engine: FAST_ENGINE,
    ...(options.startSimulator ? { demo: { startSimulator: options.startSimulator } } : {}),
    ...options.overrides,
  });
  const results: unknown[] = [];
  const renderers: TestRenderer[] = [];
  const recorded: Pick<MainBridge, 'handle'> = {
    handle: async (link, envelope) => {
      const result = await bridge.handle(link, envelope);
      results.push(result);
      return result;
    },
  };
  return {
    bridge,
    dir,
    secretsFile,
    reopenSecrets,
    logs: logger.lines,
    results,
    renderers,
    renderer(label, indexedDB) {
      const renderer = testRenderer(recorded, label, indexedDB);
      renderers.push(renderer);
      return renderer;
    },
    everything: () =>
      JSON.stringify({
        results,
        logs: logger.lines,
        events: renderers.map((r) => [r.events, r.invalidEvents]),
      }),
  };
}
