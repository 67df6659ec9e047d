/**
 * The receiving benchmark's page (built by ../build.ts, never part of the app's bundle): a Dexie
 * DockhandDb with the data set of ./catalogue.ts, the real receiving screen mounted on it, and the probes the
 * runner (../run.ts) drives through `window.bench` (./api.ts).
 */
import '../../../src/app.css';
import { DockhandDb } from '../../../src/db/schema';
import { scannerSettings } from '../../../src/lib/scanner/service.svelte';
import { DEFAULT_SCANNER_SETTINGS } from '../../../src/lib/scanner/settings';
import type { BenchApi } from './api';
import { installKeyProbe } from './keys';
import { watchLongTasks } from './longTasks';
import { benchLookups } from './lookups';
import { whenPainted, type PaintOutcome } from './paint';
import { mountReceiving, nowFigure } from './screen';
import { seed } from './seed';

/** A scan the app has not painted after this long was not applied: a harness error, not a sample. */
const PAINT_TIMEOUT_MS = 10_000;

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing from the harness page`);
  return found;
}

// The app's own scanner settings, whatever a person or an older harness saved in this browser profile.
const saved = scannerSettings.save(DEFAULT_SCANNER_SETTINGS);
if (!saved.ok) throw new Error(saved.message);

const db = new DockhandDb('dockhand-bench-receiving');
// Before anything mounts: its listener must run ahead of the scanner's (./keys.ts).
const keys = installKeyProbe(window, element('echo'));
const longTasks = watchLongTasks();
const target = element('screen');
let unmountScreen: (() => Promise<void>) | null = null;
let armed: Promise<PaintOutcome> | null = null;

function arm(read: () => string | null, expected: string, refused: () => string | null) {
  keys.forget();
  armed = whenPainted(
    document.body,
    { read, expected, refused, enter: () => keys.lastEnter },
    PAINT_TIMEOUT_MS,
  );
  // Kept until `sample()` asks; a rejection is reported there, not as an unhandled one.
  armed.catch(() => {});
}

/** The receiving screen's answer to the last scan (src/screens/receiving/ScanAnswer.svelte). */
function scanAnswer() {
  const answer = document.querySelector<HTMLElement>('[data-tone][data-seq]');
  return { seq: answer?.dataset.seq, tone: answer?.dataset.tone, text: answer?.textContent?.trim() ?? '' };
}

const bench: BenchApi = {
  async prepare() {
    const { seeded, ms } = await seed(db);
    return { seeded, seedMs: ms };
  },
  async mountScreen() {
    await bench.unmountScreen();
    const start = performance.now();
    unmountScreen = await mountReceiving(db, target);
    return { mountMs: performance.now() - start };
  },
  async unmountScreen() {
    await unmountScreen?.();
    unmountScreen = null;
  },
  armLine(poItemId, expected) {
    const before = scanAnswer().seq;
    // A new answer in red: the screen turned the scan down (e.g. broken by a stall), so it will not paint.
    const refused = () => {
      const answer = scanAnswer();
      return answer.seq !== before && answer.tone === 'error' ? answer.text : null;
    };
    arm(() => nowFigure(poItemId), String(expected), refused);
  },
  armEcho() {
    arm(
      () => keys.echo.textContent,
      String(keys.echoes + 1),
      () => null,
    );
  },
  async sample() {
    if (!armed) throw new Error('sample() before arming a probe');
    const sample = armed;
    armed = null;
    try {
      return await sample;
    } catch (error) {
      throw new Error(`${String(error)}; the screen's last answer: ${scanAnswer().text || '(none)'}`);
    }
  },
  setMode(mode) {
    keys.mode = mode;
  },
  now: () => performance.now(),
  longTasks: (from, to) => longTasks.between(from, to),
  lookups: (options) => benchLookups(db, options),
};
window.bench = bench;
