/**
 * `bench/stress/profile.ts --trace`: a Chromium trace (CDP Tracing) over the same clicks as the CPU
 * profile, read by ./traceSummary.ts, so the long tasks' native time that a CPU profile calls "(program)"
 * is named: style recalculation, layout, paint, HTML parsing, GC, and the script that forced a layout.
 */
import { writeFile } from 'node:fs/promises';
import type { CDPSession, Page } from '@playwright/test';
import { KINDS, parseTraceEvents, TRACE_CLOCK_MARK, TraceSummary, type TaskBreakdown } from './traceSummary';
import type { Locate, Span } from './taskProfile';

/**
 * What DevTools' performance panel records, less its JS sampler (the CPU profile is that): the tasks, the
 * renderer's steps with their element counts, the stacks that forced a layout, GC, and the page's marks.
 */
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'disabled-by-default-devtools.timeline.stack',
  'blink.user_timing',
  'v8.gc',
];

export interface Tracing {
  /** Sets the page's clock mark; call once the trace runs, before what is to be read. */
  mark(): Promise<void>;
  /** Ends the trace and reads it (`save`: the raw events as a JSON file DevTools opens). */
  stop(locate: Locate, save?: string): Promise<TraceSummary>;
}

export async function startTracing(page: Page): Promise<Tracing> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const raw: unknown[] = [];
  session.on('Tracing.dataCollected', ({ value }) => {
    // One by one: a spread of a large chunk would overflow the call stack.
    for (const event of value) raw.push(event);
  });
  const complete = new Promise<void>((resolve) => session.once('Tracing.tracingComplete', () => resolve()));
  await session.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      recordMode: 'recordAsMuchAsPossible',
      includedCategories: CATEGORIES,
      excludedCategories: ['*'],
    },
  });
  let markedAt: number | null = null;
  return {
    async mark() {
      markedAt = await page.evaluate((name) => performance.mark(name).startTime, TRACE_CLOCK_MARK);
    },
    async stop(locate, save) {
      try {
        await session.send('Tracing.end');
        await complete;
      } finally {
        await session.detach().catch(() => {});
      }
      if (save) await writeFile(save, JSON.stringify({ traceEvents: raw }));
      if (markedAt === null) throw new Error('the trace was stopped before the page set its clock mark');
      return new TraceSummary(parseTraceEvents(raw), markedAt, locate);
    },
  };
}

const kindsLine = (task: TaskBreakdown) =>
  KINDS.map((kind) => `${kind} ${Math.round(task.byKind[kind])}`).join(' · ') + ' ms';

function countsLine(task: TaskBreakdown): string {
  const parts = [];
  if (task.styleElements > 0) parts.push(`style of ${task.styleElements.toLocaleString('en')} elements`);
  if (task.layoutObjects > 0)
    parts.push(
      `layout of ${task.layoutObjects.toLocaleString('en')} objects (the page at most ${task.pageObjects.toLocaleString('en')})`,
    );
  if (task.forcedMs > 0) parts.push(`${Math.round(task.forcedMs)} ms of it forced by script`);
  return parts.join('; ');
}

function printTask(task: TaskBreakdown, indent: string): void {
  console.log(`${indent}${kindsLine(task)}`);
  const counts = countsLine(task);
  if (counts) console.log(`${indent}${counts}`);
  for (const forced of task.forcedBy) console.log(`${indent}forced: ${forced.ms} ms by ${forced.where}`);
  console.log(`${indent}events: ${task.topEvents.map((e) => `${e.name} ${e.selfMs}`).join(', ')}`);
}

/** Prints the trace's longest tasks (each with its click, `describe`), and sums over them and the clicks. */
export function printTrace(
  trace: TraceSummary,
  options: {
    /** The stretch profiled (page clock): the tool's own CDP commands before and after it left out. */
    span: Span;
    tasks: number;
    clickSpans: readonly Span[];
    describe: (startTime: number) => string;
  },
): void {
  const { span, clickSpans, describe } = options;
  const longest = trace.longTasks(50, span).slice(0, options.tasks);
  console.log(`Trace: the ${longest.length} longest tasks by kind of work (self time):`);
  for (const task of longest) {
    const at = Math.round(task.startTime - span.from);
    console.log(`  ${Math.round(task.duration)} ms at ${at} ms, ${describe(task.startTime)}`);
    printTask(task, '    ');
  }
  if (longest.length > 1) {
    console.log('Trace: those tasks together:');
    // Start times are rounded to 0.1 ms: a span around each.
    printTask(trace.within(longest.map((t) => ({ from: t.startTime - 0.5, to: t.startTime + 0.5 }))), '    ');
  }
  if (clickSpans.length > 0) {
    console.log('Trace: the clicks (press → list painted) together:');
    printTask(trace.within(clickSpans, 12), '    ');
  }
}
