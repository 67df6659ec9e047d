/**
 * A V8 CPU profile (CDP Profiler) read for the long tasks only (./profile.ts): which functions took the time
 * inside given stretches of the page's clock, by self time and by total time. A profile's samples carry
 * V8's own clock, a long task's entry the page's `performance.now()`: the page runs a function named
 * CLOCK_MARK at a moment it notes, and its first sample in the profile gives the offset between the two
 * (within one sampling interval). Pure: tested in Node (./taskProfile.test.ts).
 */

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

/** As Profiler.stop returns it: times in microseconds, `timeDeltas[i]` the gap before sample i. */
export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** The function the page runs to tie its clock to the profile's (./profile.ts). */
export const CLOCK_MARK = 'dockhandProfileClockMark';

/** A stretch of the page's clock, in ms (a long task: its startTime to startTime + duration). */
export interface Span {
  from: number;
  to: number;
}

export interface FunctionTime {
  /** `name file:line`, the line in this repository's sources where the renderer's source map says. */
  function: string;
  selfMs: number;
  totalMs: number;
}

export type Locate = (frame: CallFrame) => { file: string; line: number };

/** Samples V8 took while nothing ran: left out of every figure. */
const IDLE = new Set(['(idle)', '(root)']);

export class TaskProfile {
  readonly #profile: CpuProfile;
  /** Each sample's time on V8's clock, in ms. */
  readonly #times: number[];
  /** Each node's function as `name file:line`, and the distinct functions on its stack (itself included). */
  readonly #name = new Map<number, string>();
  readonly #stack = new Map<number, readonly string[]>();
  /** V8's clock minus the page's, in ms (0 until `alignTo`). */
  #offsetMs = 0;

  constructor(profile: CpuProfile, locate: Locate) {
    this.#profile = profile;
    let at = profile.startTime;
    this.#times = profile.timeDeltas.map((delta) => (at += delta) / 1000);
    const parentOf = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
    for (const node of profile.nodes) {
      const { functionName, url } = node.callFrame;
      const where = url ? locate(node.callFrame) : null;
      this.#name.set(
        node.id,
        `${functionName || '(anonymous)'}${where ? ` ${where.file}:${where.line}` : ''}`,
      );
    }
    const stackOf = (id: number): readonly string[] => {
      const known = this.#stack.get(id);
      if (known) return known;
      const parent = parentOf.get(id);
      const above = parent === undefined ? [] : stackOf(parent);
      const name = this.#name.get(id)!;
      const stack = above.includes(name) ? above : [...above, name];
      this.#stack.set(id, stack);
      return stack;
    };
    for (const node of profile.nodes) stackOf(node.id);
  }

  /**
   * Ties the page's clock to the profile's: the page ran CLOCK_MARK from `markedAt` (its performance.now()).
   * Throws when the profile holds no sample of it (the mark ran too short to be sampled).
   */
  alignTo(markedAt: number, mark = CLOCK_MARK): void {
    const index = this.#profile.samples.findIndex((id) =>
      (this.#stack.get(id) ?? []).some((name) => name.split(' ')[0] === mark),
    );
    if (index < 0)
      throw new Error(`the profile holds no sample of ${mark}: it cannot be tied to the page's clock`);
    this.#offsetMs = this.#times[index]! - markedAt;
  }

  /**
   * Every function's self and total time over the samples inside `spans` (page clock), longest first; `only`
   * keeps some of them (the app's own: which of its functions a framework's or a database's callback ran).
   */
  hottest(
    spans: readonly Span[],
    by: 'selfMs' | 'totalMs',
    top: number,
    only: (fn: string) => boolean = () => true,
  ): FunctionTime[] {
    const sums = new Map<string, { selfMs: number; totalMs: number }>();
    const { samples, timeDeltas } = this.#profile;
    const inSpan = (t: number) => spans.some((span) => span.from <= t && t <= span.to);
    samples.forEach((id, i) => {
      const name = this.#name.get(id)!;
      if (IDLE.has(name) || !inSpan(this.#times[i]! - this.#offsetMs)) return;
      const ms = (timeDeltas[i] ?? 0) / 1000;
      const stack = this.#stack.get(id)!;
      for (const fn of stack) {
        if (IDLE.has(fn)) continue;
        const sum = sums.get(fn) ?? { selfMs: 0, totalMs: 0 };
        sum.totalMs += ms;
        if (fn === name) sum.selfMs += ms;
        sums.set(fn, sum);
      }
    });
    return [...sums]
      .filter(([fn]) => only(fn))
      .map(([fn, sum]) => ({ function: fn, selfMs: round(sum.selfMs), totalMs: round(sum.totalMs) }))
      .sort((a, b) => b[by] - a[by])
      .slice(0, top);
  }

  /** The profiled stretch on the page's clock. */
  get span(): Span {
    const { startTime, endTime } = this.#profile;
    return { from: startTime / 1000 - this.#offsetMs, to: endTime / 1000 - this.#offsetMs };
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
