/**
 * The receiving benchmark's page (built by ../build.ts, never part of the app's bundle): a Dexie
 * DockhandDb with the data set of ./catalogue.ts, the real receiving screen mounted on it, and the probes the
 * runner (../run.ts) drives through `window.bench` (./api.ts).
 */
import '../../../src/app.css';
import { DockhandDb } from '../../../src/db/schema';
import type { BenchApi } from './api';
import { benchLookups } from './lookups';
import { probePage } from './probes';
import { mountReceiving, nowFigure } from './screen';
import { seed } from './seed';

const { target, arm, takeSample, common } = probePage();
const db = new DockhandDb('dockhand-bench-receiving');
let unmountScreen: (() => Promise<void>) | null = null;

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
  async sample() {
    const sample = takeSample();
    try {
      return await sample;
    } catch (error) {
      throw new Error(`${String(error)}; the screen's last answer: ${scanAnswer().text || '(none)'}`);
    }
  },
  ...common,
  lookups: (options) => benchLookups(db, options),
};
window.bench = bench;
