/** Summaries of timing samples: the median, the 95th percentile and the extremes, as the reports print them. */

export interface Summary {
  n: number;
  min: number;
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentile (`p` in 0–100) of ascending `sorted`: always a value that was measured. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('no samples to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    min: sorted[0]!,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    max: sorted[sorted.length - 1]!,
  };
}

export function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

/** `value` over `baseline`, to one decimal: the figure that compares across machines. */
export function ratio(value: number, baseline: number): number {
  return round(value / baseline, 1);
}
