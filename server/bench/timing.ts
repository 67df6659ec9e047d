/** Small timing helpers shared by the benchmarks. */
import { performance } from 'node:perf_hooks';

export async function timeRuns(runs: number, body: () => unknown): Promise<number[]> {
  await body(); // warm-up: JIT and caches, not measured
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await body();
    times.push(performance.now() - start);
  }
  return times;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Retained heap in MB after a full collection, when the process runs with --expose-gc. */
export function retainedHeapMb(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}
