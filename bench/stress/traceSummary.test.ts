import { describe, expect, it } from 'vitest';
import { parseTraceEvents, TRACE_CLOCK_MARK, TraceSummary } from './traceSummary';

const TL = 'disabled-by-default-devtools.timeline';
const MAIN = { pid: 7, tid: 1 };
const ms = (n: number) => n * 1000;
const X = (name: string, at: number, dur: number, cat = TL, args = {}) => ({
  ...MAIN,
  ph: 'X',
  cat,
  name,
  ts: ms(at),
  dur: ms(dur),
  args,
});

/**
 * Shaped as Tracing.dataCollected gives it: metadata naming the threads (the browser's main thread is
 * busier, but the mark is the page's), the mark at trace 1,000 ms, and on the page's main thread:
 *  - a 100 ms task at 1,100: an event dispatch (10 ms self) whose handler forced a style recalc (20 ms,
 *    40 elements, as a B/E pair whose E carries the count) and a layout (30 ms, 12 of 900 objects), then
 *    a frame: Paint 15 ms, a MinorGC 5 ms, 20 ms of the task's own;
 *  - a 30 ms task at 1,300 (not long): a ParseHTML.
 */
const RAW = [
  { pid: 7, tid: 1, ph: 'M', name: 'thread_name', ts: 0, args: { name: 'CrRendererMain' } },
  { pid: 1, tid: 1, ph: 'M', name: 'thread_name', ts: 0, args: { name: 'CrBrowserMain' } },
  { pid: 1, tid: 1, ph: 'X', cat: 'toplevel', name: 'RunTask', ts: ms(1_000), dur: ms(900) },
  { ...MAIN, ph: 'R', cat: 'blink.user_timing', name: TRACE_CLOCK_MARK, ts: ms(1_000) },
  X('RunTask', 1_100, 100, 'toplevel'),
  X('EventDispatch', 1_100, 60, 'devtools.timeline', { data: { type: 'click' } }),
  {
    ...MAIN,
    ph: 'B',
    cat: TL,
    name: 'UpdateLayoutTree',
    ts: ms(1_105),
    args: {
      beginData: {
        stackTrace: [
          { functionName: 'measure', url: 'http://h/assets/list.js', lineNumber: 3, columnNumber: 9 },
        ],
      },
    },
  },
  { ...MAIN, ph: 'E', cat: TL, name: 'UpdateLayoutTree', ts: ms(1_125), args: { elementCount: 40 } },
  X('Layout', 1_125, 30, TL, {
    beginData: {
      dirtyObjects: 12,
      totalObjects: 900,
      stackTrace: [
        { functionName: 'measure', url: 'http://h/assets/list.js', lineNumber: 3, columnNumber: 9 },
      ],
    },
  }),
  X('Paint', 1_160, 15),
  X('MinorGC', 1_175, 5, 'devtools.timeline,v8'),
  X('RunTask', 1_300, 30, 'toplevel'),
  X('ParseHTML', 1_300, 30),
  { not: 'an event' },
];

// The source map of list.js: line 3 (1-based in the trace) is line 2 in a CPU profile's 0-based numbering.
const locate = ({ lineNumber }: { lineNumber: number }) => ({
  file: 'src/List.svelte',
  line: lineNumber * 10,
});

describe('TraceSummary', () => {
  const events = parseTraceEvents(RAW);
  // The page noted its mark at 400 ms of its clock: the trace's clock is 600 ms ahead.
  const summary = new TraceSummary(events, 400, locate);

  it("breaks a long task down by kind of work, on the page's clock", () => {
    const [task, ...others] = summary.longTasks(50);
    expect(others).toEqual([]);
    expect(task).toMatchObject({
      startTime: 500,
      duration: 100,
      byKind: { style: 20, layout: 30, paint: 15, parse: 0, gc: 5, script: 10, other: 20 },
      styleElements: 40,
      layoutObjects: 12,
      pageObjects: 900,
    });
    expect(task!.topEvents[0]).toEqual({ name: 'Layout', selfMs: 30 });
  });

  it('names the script that forced style and layout, in the sources', () => {
    const [task] = summary.longTasks(50);
    expect(task!.forcedMs).toBe(50);
    expect(task!.forcedBy).toEqual([{ where: 'measure src/List.svelte:20', ms: 50 }]);
  });

  it('sums the tasks that started inside spans of the page clock', () => {
    expect(summary.longTasks(20).map((t) => t.duration)).toEqual([100, 30]);
    const sum = summary.within([{ from: 690, to: 710 }]);
    expect(sum.duration).toBe(30);
    expect(sum.byKind.parse).toBe(30);
    expect(summary.within([{ from: 0, to: 1_000 }]).duration).toBe(130);
    // A span leaves out the tasks before it (the tool's own CDP commands).
    expect(summary.longTasks(20, { from: 600, to: 1_000 }).map((t) => t.duration)).toEqual([30]);
  });

  it('refuses a trace without the mark', () => {
    const unmarked = events.filter((e) => e.name !== TRACE_CLOCK_MARK);
    expect(() => new TraceSummary(unmarked, 400, locate)).toThrow(/no dockhand-trace-clock mark/);
  });
});
