/**
 * What the sync benchmark's page (./main.ts) offers the runner (../run.ts) as `window.syncBench`. Type-only,
 * so the Node side can import it without pulling the page's code in.
 */
import type { LongTask, PaintOutcome } from '../../receiving/page/api';

export type { LongTask, PaintOutcome };

/** A cold start's figures, on the page's performance.now() clock (0 = the navigation started). */
export interface ColdStart {
  /** What was measured: the real list, or the baseline's bare read of the rows in view. */
  kind: ColdKind;
  /** Navigation start → the first row's data drawn (the list can be used). */
  readyMs: number;
  /** The list only: navigation start → its count of orders shown. */
  countedMs?: number;
  /** How many orders it read, or the list says it lists once counted. */
  listed: number;
}

export type ColdKind = 'list' | 'firstRows' | 'wholeTable';

export interface SyncBenchApi {
  /** Seeds the products and purchase orders unless an earlier run left the same data set. */
  prepare(): Promise<{ seeded: boolean; seedMs: number }>;
  /** Mounts the real New purchase order form (empty) on the seeded products. */
  mountNewOrder(): Promise<void>;
  unmountNewOrder(): Promise<void>;
  /** Adds lines (untimed) by typing codes into the form's scan field until it has `lines` lines. */
  fillTo(lines: number): Promise<void>;
  lineCount(): number;
  /** Arms the probe for the next scan: the line of `productId` is to show quantity `expected`. */
  armLine(productId: number, expected: number): void;
  armEcho(): void;
  sample(): Promise<PaintOutcome>;
  setMode(mode: 'app' | 'echo'): void;
  now(): number;
  longTasks(from: number, to: number): LongTask[];
  /** The cold start measured on this load (`?cold=<kind>`), once done. */
  coldStart(): Promise<ColdStart>;
}

declare global {
  interface Window {
    syncBench?: SyncBenchApi;
  }
}
