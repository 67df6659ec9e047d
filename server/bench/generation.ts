/**
 * Dataset generation: time and retained heap of `generateState` for the small and the large dataset.
 *
 * How it measures: time is wall-clock around one call (small: the median of 10 calls after a warm-up, as
 * tests start many simulators; large: one cold call, as a simulator starts once). Heap is retained heap: a
 * full collection before and after the call, with the state still referenced, and the difference of
 * heapUsed. That needs `--expose-gc`; without it the figure includes garbage and `gcExposed` says so.
 * The small dataset is the baseline of the ratio column.
 */
import { performance } from 'node:perf_hooks';
import { generateState } from '../data';
import type { SimState } from '../state';
import { median, retainedHeapMb, timeRuns } from './timing';

export interface GenerationBenchRow {
  name: string;
  ms: number;
  heapMb: number;
  ratio: number;
  purchaseOrders: number;
  purchaseOrderItems: number;
  gcExposed: boolean;
  target?: string;
}

function measureOnce(dataset: 'small' | 'large'): { state: SimState; ms: number; heapMb: number } {
  const before = retainedHeapMb();
  const start = performance.now();
  const state = generateState({ dataset, seed: 1 });
  const ms = performance.now() - start;
  const heapMb = retainedHeapMb() - before;
  return { state, ms, heapMb };
}

function row(
  name: string,
  state: SimState,
  ms: number,
  heapMb: number,
  baselineMs: number,
): GenerationBenchRow {
  let items = 0;
  for (const order of state.purchaseOrders.values()) items += order.items.length;
  return {
    name,
    ms: Math.round(ms),
    heapMb: Math.round(heapMb),
    ratio: Math.round((ms / baselineMs) * 10) / 10,
    purchaseOrders: state.purchaseOrders.size,
    purchaseOrderItems: items,
    gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
  };
}

export async function benchGeneration(): Promise<GenerationBenchRow[]> {
  const smallMs = median(await timeRuns(10, () => generateState({ dataset: 'small', seed: 1 })));
  const small = measureOnce('small');
  const large = measureOnce('large');
  return [
    {
      ...row('generate small (baseline)', small.state, smallMs, small.heapMb, smallMs),
      target: 'well under 1 s',
    },
    { ...row('generate large', large.state, large.ms, large.heapMb, smallMs), target: '< 15 s, < 1.5 GB' },
  ];
}
