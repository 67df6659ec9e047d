/**
 * `--trace`: where the renderer's main thread spends a scan run, by kind of work. A CPU profile
 * (./profile.ts) sees JavaScript and lumps the rest into `(program)`; a Chrome trace (CDP Tracing,
 * `devtools.timeline`) names it: style recalculation, layout, pre-paint, paint, commit. Each event's self
 * time (its duration less its children's) is summed by name on the main thread, so a layout forced from
 * script counts as layout, not twice. The figures per scan include the scan's echo baseline (./scans.ts),
 * whose own work is a text change.
 */
import type { Page } from '@playwright/test';
import { round } from './stats';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; beginData?: { dirtyObjects?: number; totalObjects?: number } };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', '__metadata'].join(',');

export async function traceDuring(page: Page, run: () => Promise<void>): Promise<TraceEvent[]> {
  const session = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  // CDP types trace events loosely (string maps); they are Chrome's trace event format.
  session.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  try {
    await run();
  } finally {
    await session.send('Tracing.end');
    await complete;
    await session.detach();
  }
  return events;
}

/** The renderer main threads: the thread-name metadata Chromium writes for each. */
function mainThreads(events: readonly TraceEvent[]): Set<string> {
  const threads = new Set<string>();
  for (const event of events)
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      threads.add(`${event.pid}:${event.tid}`);
  return threads;
}

export interface TraceRow {
  event: string;
  count: number;
  selfMsPerScan: number;
}

/** Self time per event name on the renderer main thread, per scan, largest first. */
export function traceSummary(events: readonly TraceEvent[], scans: number, limit = 16): TraceRow[] {
  const threads = mainThreads(events);
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || event.dur === undefined || !threads.has(thread)) continue;
    (byThread.get(thread) ?? byThread.set(thread, []).get(thread)!).push(event);
  }
  const self = new Map<string, { count: number; us: number }>();
  const credit = (name: string, us: number, count: number) => {
    const entry = self.get(name) ?? { count: 0, us: 0 };
    entry.us += us;
    entry.count += count;
    self.set(name, entry);
  };
  for (const list of byThread.values()) {
    // Parents before children: by start, and the longer first at the same start.
    list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    const stack: TraceEvent[] = [];
    for (const event of list) {
      while (stack.length > 0 && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) credit(parent.name, -event.dur!, 0);
      credit(event.name, event.dur!, 1);
      stack.push(event);
    }
  }
  return [...self.entries()]
    .map(([event, { count, us }]) => ({ event, count, selfMsPerScan: round(us / 1000 / scans, 2) }))
    .sort((a, b) => b.selfMsPerScan - a.selfMsPerScan)
    .slice(0, limit);
}

/** Layout events on the main thread: how many layout objects each laid out, of how many. */
export function layoutSizes(events: readonly TraceEvent[]): {
  layouts: number;
  dirtyP50: number;
  total: number;
} {
  const threads = mainThreads(events);
  const dirty: number[] = [];
  let total = 0;
  for (const event of events) {
    if (event.name !== 'Layout' || event.ph !== 'X' || !threads.has(`${event.pid}:${event.tid}`)) continue;
    dirty.push(event.args?.beginData?.dirtyObjects ?? 0);
    total = Math.max(total, event.args?.beginData?.totalObjects ?? 0);
  }
  dirty.sort((a, b) => a - b);
  return { layouts: dirty.length, dirtyP50: dirty[Math.floor(dirty.length / 2)] ?? 0, total };
}
