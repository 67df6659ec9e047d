/**
 * What the harness page (./main.ts) offers the runner (../run.ts) as `window.bench`. Type-only, so the
 * Node side can import it without pulling the page's code in.
 */
import type { KeyMode } from './keys';
import type { LongTask } from './longTasks';
import type { LookupSamples } from './lookups';
import type { PaintOutcome, PaintSample } from './paint';

export type { KeyMode, LongTask, LookupSamples, PaintOutcome, PaintSample };

export interface BenchApi {
  /** Opens the database and seeds it unless a previous run left the same data set. */
  prepare(): Promise<{ seeded: boolean; seedMs: number }>;
  /** Mounts the real receiving screen on the benchmark's order, with a fresh delivery (no draft). */
  mountScreen(): Promise<{ mountMs: number }>;
  unmountScreen(): Promise<void>;
  /** Arms the probe for the next scan: line `poItemId`'s "Now" is to show `expected`. */
  armLine(poItemId: number, expected: number): void;
  /** Arms the probe for the next burst in echo mode (the baseline). */
  armEcho(): void;
  /** The armed probe's sample once the change is painted, or why the screen refused the scan. */
  sample(): Promise<PaintOutcome>;
  /** `app`: keys reach the app's scanner; `echo`: the harness takes them (./keys.ts). */
  setMode(mode: KeyMode): void;
  now(): number;
  longTasks(from: number, to: number): LongTask[];
  lookups(options: { perKind: number; warmUp: number; seed: number }): Promise<LookupSamples>;
}

declare global {
  interface Window {
    bench?: BenchApi;
  }
}
