/**
 * A line chart's geometry, pure (tested in Node): points over time scaled into a box, and the few labels a
 * small chart carries (first and last day, lowest and highest value). Drawn by LineChart.svelte.
 */
export interface SeriesPoint {
  /** Milliseconds since the epoch. */
  at: number;
  value: number;
}

export interface ChartGeometry {
  /** SVG `points` of the polyline, as steps (a balance holds until the next entry changes it). */
  points: string;
  min: number;
  max: number;
  first: number;
  last: number;
}

/** Scales `series` (oldest first) into `width` × `height`; null for fewer than two points. */
export function stepGeometry(
  series: readonly SeriesPoint[],
  width: number,
  height: number,
): ChartGeometry | null {
  if (series.length < 2) return null;
  const first = series[0]!.at;
  const last = series.at(-1)!.at;
  const values = series.map((point) => point.value);
  const min = Math.min(0, ...values);
  const max = Math.max(...values);
  const x = (at: number) => (last === first ? 0 : ((at - first) / (last - first)) * width);
  const y = (value: number) => (max === min ? height / 2 : height - ((value - min) / (max - min)) * height);
  const coordinates: string[] = [];
  series.forEach((point, index) => {
    // Hold the previous value until this point's time, then move: the balance was that all along.
    if (index > 0) coordinates.push(`${x(point.at).toFixed(1)},${y(series[index - 1]!.value).toFixed(1)}`);
    coordinates.push(`${x(point.at).toFixed(1)},${y(point.value).toFixed(1)}`);
  });
  return { points: coordinates.join(' '), min, max, first, last };
}
