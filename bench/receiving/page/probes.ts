/**
 * What both benchmark pages (./main.ts and ../../sync/page/main.ts) set up the same way before a screen
 * mounts: the app's own scanner settings, the key probe, the long-task watch, and one armed paint probe at a
 * time. Each page adds its screen and the `arm…` calls that read it.
 */
import { scannerSettings } from '../../../src/lib/scanner/service.svelte';
import { DEFAULT_SCANNER_SETTINGS } from '../../../src/lib/scanner/settings';
import type { BenchApi } from './api';
import { installKeyProbe } from './keys';
import { watchLongTasks } from './longTasks';
import { whenPainted, type PaintOutcome } from './paint';

/** A scan the app has not painted after this long was not applied: a harness error, not a sample. */
const PAINT_TIMEOUT_MS = 10_000;

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} missing from the harness page`);
  return found;
}

/** The members of the runner's API that do not depend on which screen is mounted. */
type CommonApi = Pick<BenchApi, 'armEcho' | 'setMode' | 'now' | 'longTasks'>;

export interface ProbePage {
  /** Where the page mounts its screen. */
  target: HTMLElement;
  /** Arms the probe: `read` is to show `expected`; `refused` names why the screen turned the scan down. */
  arm(read: () => string | null, expected: string, refused: () => string | null): void;
  /** The armed probe's outcome, once; the next probe must be armed again. */
  takeSample(): Promise<PaintOutcome>;
  common: CommonApi;
}

/** Call before anything mounts: the key probe's listener must run ahead of the scanner's (./keys.ts). */
export function probePage(): ProbePage {
  // The app's own scanner settings, whatever a person or an older harness saved in this browser profile.
  const saved = scannerSettings.save(DEFAULT_SCANNER_SETTINGS);
  if (!saved.ok) throw new Error(saved.message);
  const keys = installKeyProbe(window, element('echo'));
  const longTasks = watchLongTasks();
  let armed: Promise<PaintOutcome> | null = null;

  function arm(read: () => string | null, expected: string, refused: () => string | null) {
    keys.forget();
    armed = whenPainted(
      document.body,
      { read, expected, refused, enter: () => keys.lastEnter },
      PAINT_TIMEOUT_MS,
    );
    // Kept until `takeSample()` asks; a rejection is reported there, not as an unhandled one.
    armed.catch(() => {});
  }

  return {
    target: element('screen'),
    arm,
    takeSample() {
      if (!armed) throw new Error('sample() before arming a probe');
      const sample = armed;
      armed = null;
      return sample;
    },
    common: {
      armEcho() {
        arm(
          () => keys.echo.textContent,
          String(keys.echoes + 1),
          () => null,
        );
      },
      setMode(mode) {
        keys.mode = mode;
      },
      now: () => performance.now(),
      longTasks: (from, to) => longTasks.between(from, to),
    },
  };
}
