/**
 * A Chromium trace (CDP Tracing, ./traceRecord.ts) read for the long tasks of the page's main thread: what
 * the renderer did inside each, by kind (style, layout, paint, HTML parsing, GC, script, other), where a V8
 * CPU profile sees only "(program)" (./taskProfile.ts). Each event's self time (its duration less the
 * events nested in it) counts for its kind; an event of no known kind counts for the kind of the event it
 * is nested in (a V8 call inside a FunctionCall is script; a blink step inside Layout is layout). Style and
 * layout run inside script were forced by it (a read of layout after a DOM change): those name the script.
 *
 * A trace's clock is not the page's `performance.now()`: the page sets a `performance.mark` named
 * TRACE_CLOCK_MARK and answers its startTime; the mark's trace event gives the offset. Pure: tested in Node
 * (./traceSummary.test.ts).
 */
import { z } from 'zod';
import type { Locate, Span } from './taskProfile';

/** The page's clock mark (performance.mark) that ties the trace's clock to the page's. */
export const TRACE_CLOCK_MARK = 'dockhand-trace-clock';

/** One trace event, as Tracing.dataCollected gives it: times in µs on the trace's clock. */
const TraceEventSchema = z.looseObject({
  name: z.string(),
  cat: z.string().default(''),
  ph: z.string(),
  ts: z.number(),
  dur: z.number().optional(),
  pid: z.number(),
  tid: z.number(),
  args: z.record(z.string(), z.unknown()).optional(),
});
export type TraceEvent = z.infer<typeof TraceEventSchema>;

/** The events of a recorded trace, checked (a CDP answer is a boundary); events of no use are dropped. */
export function parseTraceEvents(raw: readonly unknown[]): TraceEvent[] {
  const events: TraceEvent[] = [];
  for (const item of raw) {
    const parsed = TraceEventSchema.safeParse(item);
    if (parsed.success) events.push(parsed.data);
  }
  return events;
}

export const KINDS = ['style', 'layout', 'paint', 'parse', 'gc', 'script', 'other'] as const;
export type Kind = (typeof KINDS)[number];

const KIND_OF: Record<string, Kind> = {
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  UpdateLayerTree: 'paint',
  PaintImage: 'paint',
  CompositeLayers: 'paint',
  Commit: 'paint',
  ParseHTML: 'parse',
  ParseAuthorStyleSheet: 'parse',
  MinorGC: 'gc',
  MajorGC: 'gc',
  FunctionCall: 'script',
  EventDispatch: 'script',
  EvaluateScript: 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  'v8.evaluateModule': 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  RunMicrotasks: 'script',
  // Promise reactions run here with no FunctionCall around them (Svelte's effects flush in microtasks).
  BlinkScheduler_PerformMicrotaskCheckpoint: 'script',
  'V8.RunMicrotasks': 'script',
  HandlePostMessage: 'script',
};

function kindOf({ name, cat }: { name: string; cat: string }): Kind | null {
  const known = KIND_OF[name];
  if (known) return known;
  if (cat.includes('v8.gc') || /^(V8\.GC|BlinkGC\.|CppGC\.)/.test(name)) return 'gc';
  return null;
}

/** A stretch of one thread's work: an X event, or a B/E pair (the E's args merged into the B's). */
interface Slice {
  name: string;
  cat: string;
  start: number;
  end: number;
  args: Record<string, unknown>;
  children: Slice[];
}

interface Thread {
  pid: number;
  tid: number;
}

/**
 * The page's renderer main thread: the CrRendererMain of the process that set the clock mark (the trace
 * holds every process's events), else the busiest CrRendererMain.
 */
function mainThread(events: readonly TraceEvent[]): Thread {
  const mains = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  const mark = events.find((e) => e.name === TRACE_CLOCK_MARK);
  const ofMark = mark && mains.find((e) => e.pid === mark.pid);
  if (ofMark) return { pid: ofMark.pid, tid: ofMark.tid };
  let best: Thread | null = null;
  let bestUs = -1;
  for (const thread of mains) {
    const us = events
      .filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X')
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (us > bestUs) [best, bestUs] = [{ pid: thread.pid, tid: thread.tid }, us];
  }
  if (!best) throw new Error('the trace holds no renderer main thread (CrRendererMain)');
  return best;
}

/** The thread's events as nested slices, top-level ones in time order. */
function slicesOf(events: readonly TraceEvent[], { pid, tid }: Thread): Slice[] {
  const flat: Slice[] = [];
  const open: Slice[] = [];
  const mine = events.filter((e) => e.pid === pid && e.tid === tid);
  // A B/E pair's E comes after everything nested in it: by time, E before B at the same time.
  const order = { E: 0, X: 1, B: 1 } as Record<string, number>;
  mine.sort((a, b) => a.ts - b.ts || (order[a.ph] ?? 2) - (order[b.ph] ?? 2));
  for (const e of mine) {
    const args = e.args ?? {};
    if (e.ph === 'X') {
      flat.push({ name: e.name, cat: e.cat, start: e.ts, end: e.ts + (e.dur ?? 0), args, children: [] });
    } else if (e.ph === 'B') {
      open.push({ name: e.name, cat: e.cat, start: e.ts, end: e.ts, args: { ...args }, children: [] });
    } else if (e.ph === 'E') {
      const slice = open.pop();
      if (!slice) continue;
      slice.end = e.ts;
      Object.assign(slice.args, args);
      flat.push(slice);
    }
  }
  // Outer first: by start, then the longer one.
  flat.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  for (const slice of flat) {
    while (stack.length > 0 && stack[stack.length - 1]!.end <= slice.start) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(slice);
    else roots.push(slice);
    stack.push(slice);
  }
  return roots;
}

export interface TaskBreakdown {
  /** On the page's clock, ms. */
  startTime: number;
  duration: number;
  /** Self time by kind, ms. */
  byKind: Record<Kind, number>;
  /** Style and layout forced by script (inside a FunctionCall, an event handler…), ms. */
  forcedMs: number;
  /** Elements whose style was recalculated (UpdateLayoutTree's elementCount), summed. */
  styleElements: number;
  /** Layout objects laid out (Layout's dirtyObjects), summed, and the most the page had (totalObjects). */
  layoutObjects: number;
  pageObjects: number;
  /** The event names with the most self time: `name ms`. */
  topEvents: { name: string; selfMs: number }[];
  /** Where script forced style or layout: `function file:line ms`, most time first. */
  forcedBy: { where: string; ms: number }[];
}

const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const round = (ms: number) => Math.round(ms * 10) / 10;

/** The script that forced a style recalc or a layout: its stack's top frame, else the enclosing call's. */
function forcedWhere(slice: Slice, script: Slice, locate: Locate): string {
  const stack = record(slice.args.beginData).stackTrace;
  const frame = Array.isArray(stack) && stack.length > 0 ? record(stack[0]) : record(script.args.data);
  const url = typeof frame.url === 'string' ? frame.url : '';
  const fn =
    typeof frame.functionName === 'string' && frame.functionName ? frame.functionName : '(anonymous)';
  if (!url) return `${fn} (${script.name})`;
  // Trace events number lines and columns from 1; a CPU profile's call frames (Locate's) from 0.
  const at = locate({
    functionName: fn,
    url,
    lineNumber: Math.max(0, num(frame.lineNumber) - 1),
    columnNumber: Math.max(0, num(frame.columnNumber) - 1),
  });
  return `${fn} ${at.file}:${at.line}`;
}

function breakdown(task: Slice, offsetMs: number, locate: Locate, top: number): TaskBreakdown {
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  const selfByName = new Map<string, number>();
  const forced = new Map<string, number>();
  const out = { forcedMs: 0, styleElements: 0, layoutObjects: 0, pageObjects: 0 };
  const walk = (slice: Slice, inherited: Kind, script: Slice | null) => {
    const kind = kindOf(slice) ?? inherited;
    const childUs = slice.children.reduce((sum, child) => sum + (child.end - child.start), 0);
    const selfMs = Math.max(0, slice.end - slice.start - childUs) / 1000;
    byKind[kind] += selfMs;
    selfByName.set(slice.name, (selfByName.get(slice.name) ?? 0) + selfMs);
    const ms = (slice.end - slice.start) / 1000;
    if (slice.name === 'UpdateLayoutTree' || slice.name === 'RecalculateStyles')
      out.styleElements += num(slice.args.elementCount) || num(record(slice.args.data).elementCount);
    if (slice.name === 'Layout') {
      const begin = record(slice.args.beginData);
      out.layoutObjects += num(begin.dirtyObjects);
      out.pageObjects = Math.max(out.pageObjects, num(begin.totalObjects));
    }
    const styleOrLayout = kind === 'style' || kind === 'layout';
    if (styleOrLayout && script && kindOf(slice) !== null) {
      out.forcedMs += ms;
      const where = forcedWhere(slice, script, locate);
      forced.set(where, (forced.get(where) ?? 0) + ms);
    }
    // Inside a forced style recalc or layout, nested events are its own: not forced again.
    const nextScript = styleOrLayout
      ? null
      : kind === 'script' && kindOf(slice) === 'script'
        ? slice
        : script;
    for (const child of slice.children) walk(child, kind, nextScript);
  };
  walk(task, 'other', null);
  const sorted = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    startTime: round(task.start / 1000 - offsetMs),
    duration: round((task.end - task.start) / 1000),
    byKind: Object.fromEntries(KINDS.map((kind) => [kind, round(byKind[kind])])) as Record<Kind, number>,
    forcedMs: round(out.forcedMs),
    styleElements: out.styleElements,
    layoutObjects: out.layoutObjects,
    pageObjects: out.pageObjects,
    topEvents: sorted(selfByName).map(([name, ms]) => ({ name, selfMs: round(ms) })),
    forcedBy: sorted(forced).map(([where, ms]) => ({ where, ms: round(ms) })),
  };
}

/** The page's main-thread tasks of a trace, on the page's clock once tied to it by the mark. */
export class TraceSummary {
  readonly #tasks: Slice[];
  readonly #locate: Locate;
  /** Trace clock minus page clock, ms. */
  readonly #offsetMs: number;

  /** `markedAt`: the startTime of the page's TRACE_CLOCK_MARK (its performance.now()). */
  constructor(events: readonly TraceEvent[], markedAt: number, locate: Locate) {
    const mark = events.find((e) => e.name === TRACE_CLOCK_MARK);
    if (!mark)
      throw new Error(`the trace holds no ${TRACE_CLOCK_MARK} mark: it cannot be tied to the page's clock`);
    this.#offsetMs = mark.ts / 1000 - markedAt;
    this.#tasks = slicesOf(events, mainThread(events));
    this.#locate = locate;
  }

  /**
   * The top-level tasks of at least `minMs` that started inside `span` (page clock; not the tool's own
   * CDP commands before and after it), longest first, each broken down (`top` names per list).
   */
  longTasks(minMs = 50, span: Span = { from: -Infinity, to: Infinity }, top = 4): TaskBreakdown[] {
    const inSpan = (task: Slice) => {
      const at = task.start / 1000 - this.#offsetMs;
      return span.from <= at && at <= span.to;
    };
    return this.#tasks
      .filter((task) => task.end - task.start >= minMs * 1000 && inSpan(task))
      .sort((a, b) => b.end - b.start - (a.end - a.start))
      .map((task) => breakdown(task, this.#offsetMs, this.#locate, top));
  }

  /** The tasks that started inside `spans` (page clock), their breakdowns summed into one. */
  within(spans: readonly Span[], top = 8): TaskBreakdown {
    const inSpan = (slice: Slice) => {
      const at = slice.start / 1000 - this.#offsetMs;
      return spans.some((span) => span.from <= at && at <= span.to);
    };
    const tasks = this.#tasks.filter(inSpan);
    const first = tasks[0];
    // One synthetic task holding them all: its own self time is the gaps between them, left out.
    const whole: Slice = {
      name: '(tasks)',
      cat: '',
      start: first?.start ?? 0,
      end: first?.start ?? 0,
      args: {},
      children: tasks,
    };
    whole.end = whole.start + tasks.reduce((sum, task) => sum + (task.end - task.start), 0);
    const sum = breakdown(whole, this.#offsetMs, this.#locate, top);
    sum.topEvents = sum.topEvents.filter((event) => event.name !== '(tasks)');
    return sum;
  }
}
