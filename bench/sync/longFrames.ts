/**
 * The initial sync's long tasks, watched in the page from its first script: every `longtask` entry, and every
 * `long-animation-frame` entry with the scripts that ran in it (a long task names no script; a long frame
 * does), so the report can say what a long task was.
 */
export interface LongFrame {
  startTime: number;
  duration: number;
  scripts: { invoker: string; source: string; duration: number }[];
}

declare global {
  interface Window {
    __syncBenchLongTasks?: { startTime: number; duration: number }[];
    __syncBenchLongFrames?: LongFrame[];
  }
}

/**
 * Installed before the app's scripts: every long task from the first one, and every long animation frame
 * with the scripts that ran in it (a `longtask` entry names no script; Chromium's `long-animation-frame`
 * entries do), so the report can say what a long task was.
 */
export function watchLongTasks() {
  window.__syncBenchLongTasks = [];
  window.__syncBenchLongFrames = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__syncBenchLongTasks!.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  type Script = { invoker: string; sourceURL: string; sourceFunctionName: string; duration: number };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { scripts?: Script[] })[]) {
        const scripts = [...(entry.scripts ?? [])]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 3)
          .map((script) => ({
            invoker: script.invoker,
            source: `${script.sourceURL.split('/').pop() ?? ''}:${script.sourceFunctionName}`,
            duration: Math.round(script.duration),
          }));
        window.__syncBenchLongFrames!.push({ startTime: entry.startTime, duration: entry.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // A browser without long-animation-frame entries: the tasks are still counted, without their scripts.
  }
}

/** The scripts of the long frame a task ran in, as `invoker file:function ms`. */
export function scriptsOf(
  task: { startTime: number; duration: number },
  frames: readonly LongFrame[],
): string[] {
  const frame = frames.find(
    (f) => f.startTime <= task.startTime + 1 && task.startTime < f.startTime + f.duration,
  );
  return (frame?.scripts ?? []).map((s) => `${s.invoker} ${s.source} ${s.duration} ms`);
}
