/**
 * The user's side of the pull (issue #24: interaction, a screen's first read and a scan come before
 * writing pulled pages). The window notes what the thread that stores pages cannot see:
 *   - input: a click, a key (a scanner is a keyboard), the wheel, a route change;
 *   - reads: a live query waiting for its first rows (src/lib/live.svelte.ts holds one while it waits);
 *   - pages being stored: while a pull writes, heavy live queries re-run less often (./coalescedQuery.ts).
 * The pull worker is told of input and reads by message (./pullWorker.ts, src/db/pulledPageWorker.ts);
 * pages the window stores itself read the same state through `pace` (src/db/pullSlices.ts), which also
 * counts input the browser has queued but not dispatched (`navigator.scheduling.isInputPending`).
 */
import {
  DEFAULT_PACE_POLICY,
  realPaceClock,
  UserPace,
  type PaceClock,
  type PacePolicy,
} from '../db/pullSlices';

interface Scheduling {
  isInputPending?: (options?: { includeContinuous?: boolean }) => boolean;
}

/** Input waiting to be dispatched, where the browser can tell (Chromium); false elsewhere. */
export function inputPending(): boolean {
  const scheduling = (globalThis as { navigator?: { scheduling?: Scheduling } }).navigator?.scheduling;
  return typeof scheduling?.isInputPending === 'function' && scheduling.isInputPending();
}

export type PaceSignal = { type: 'input' } | { type: 'reading'; pending: boolean };

/** What counts as the user doing something (captured before any screen handles it). */
const INPUT_EVENTS = ['pointerdown', 'keydown', 'wheel', 'hashchange', 'popstate'] as const;
/** Input is told at most this often: a scan's 13 keys are one message, well inside the quiet time. */
const INPUT_SIGNAL_MS = 100;
/** A pull counts as writing this long after its last page was stored: the gap before the next one. */
const WRITING_LINGER_MS = 2_000;

export class WindowPace {
  readonly pace: UserPace;
  #reads = 0;
  #listeners = new Set<(signal: PaceSignal) => void>();
  #lastInputSignal = -Infinity;
  #pagesWriting = 0;
  #lastPageStored = -Infinity;

  constructor(
    private readonly clock: PaceClock = realPaceClock,
    policy: PacePolicy = DEFAULT_PACE_POLICY,
    alsoActive: () => boolean = inputPending,
  ) {
    this.pace = new UserPace(policy, clock, alsoActive);
  }

  /** The user did something just now. */
  input(): void {
    this.pace.input();
    const now = this.clock.now();
    if (now - this.#lastInputSignal < INPUT_SIGNAL_MS) return;
    this.#lastInputSignal = now;
    this.#send({ type: 'input' });
  }

  /** A screen waits for its first rows until the answer is called (once; later calls do nothing). */
  holdRead(): () => void {
    if (this.#reads++ === 0) this.#reading(true);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.#reads === 0) this.#reading(false);
    };
  }

  get reading(): boolean {
    return this.#reads > 0;
  }

  /** Tells `listener` every signal from now on, starting with a read already pending. */
  subscribe(listener: (signal: PaceSignal) => void): () => void {
    this.#listeners.add(listener);
    if (this.#reads > 0) listener({ type: 'reading', pending: true });
    return () => this.#listeners.delete(listener);
  }

  /** A pulled page is being stored until the answer is called. */
  writingPage(): () => void {
    this.#pagesWriting++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#pagesWriting--;
      this.#lastPageStored = this.clock.now();
    };
  }

  /** true while a pull is storing pages (or stored one a moment ago and another is on its way). */
  syncing(): boolean {
    return this.#pagesWriting > 0 || this.clock.now() - this.#lastPageStored < WRITING_LINGER_MS;
  }

  /** Notes the user's input on `target` (the window) until the answer is called. */
  watch(target: EventTarget): () => void {
    const onInput = () => this.input();
    const options = { capture: true, passive: true };
    for (const name of INPUT_EVENTS) target.addEventListener(name, onInput, options);
    return () => {
      for (const name of INPUT_EVENTS) target.removeEventListener(name, onInput, options);
    };
  }

  #reading(pending: boolean): void {
    this.pace.reading(pending);
    this.#send({ type: 'reading', pending });
  }

  #send(signal: PaceSignal): void {
    for (const listener of this.#listeners) listener(signal);
  }
}

/** The window's one pace: live queries hold reads on it, the pull worker follows it. */
export const windowPace = new WindowPace();
