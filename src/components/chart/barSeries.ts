/**
 * The geometry of a small bar chart (./BarChart.svelte): one bar per value, heights scaled to the largest,
 * so the tallest bar fills the chart and a zero is a bar of no height (the gap itself says "nothing").
 */
export interface Bar {
  /** Under the bar: "Jan". */
  label: string;
  value: number;
}

export interface BarGeometry {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Bars across `width`, with a gap of a quarter bar between them, standing on the bottom of `height`. */
export function barGeometry(bars: readonly Bar[], width: number, height: number): BarGeometry[] {
  if (!bars.length) return [];
  const max = Math.max(...bars.map((bar) => bar.value), 0);
  const slot = width / bars.length;
  const barWidth = slot * 0.8;
  return bars.map((bar, index) => {
    const barHeight = max > 0 ? (Math.max(0, bar.value) / max) * height : 0;
    return {
      x: index * slot + (slot - barWidth) / 2,
      y: height - barHeight,
      width: barWidth,
      height: barHeight,
    };
  });
}
