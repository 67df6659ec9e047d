/**
 * Long tasks (over 50 ms on the renderer's main thread, PerformanceObserver 'longtask'), recorded from the
 * moment the harness loads so the runner can ask for the ones inside its scan runs.
 */

export interface LongTask {
  startTime: number;
  duration: number;
}

export function watchLongTasks(): { between(from: number, to: number): LongTask[] } {
  if (!PerformanceObserver.supportedEntryTypes.includes('longtask'))
    throw new Error('this browser does not report long tasks');
  const seen: LongTask[] = [];
  const keep = (entries: PerformanceEntryList) => {
    for (const entry of entries) seen.push({ startTime: entry.startTime, duration: entry.duration });
  };
  const observer = new PerformanceObserver((list) => keep(list.getEntries()));
  observer.observe({ type: 'longtask', buffered: true });
  return {
    between(from, to) {
      // Entries not yet handed to the callback (it runs later, when the page is idle) are taken now.
      keep(observer.takeRecords());
      return seen.filter((task) => task.startTime >= from && task.startTime < to);
    },
  };
}
