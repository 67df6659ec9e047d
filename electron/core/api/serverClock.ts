/**
 * The server's clock as its responses show it (the `Date` header), so that a time this PC's clock wrote
 * down (an attempt's write-ahead mark) can be turned into the server's time, never later than the truth.
 * The reconciliation of a lost create searches from that time (docs/architecture.md, "Sync state machine"):
 * a PC clock running fast would otherwise start the search after the record was stamped and create it twice.
 *
 * What is kept is a short list of offsets (server time − PC time). Every response adds one. Every request
 * adds one too, computed without the PC's wall clock: the last response's server time plus the monotonic
 * time since, minus the PC's time now; so a PC clock that jumped after the last response and before an
 * attempt still leaves that attempt's offset on the list although its answer never came. A PC time is
 * converted with the smallest offset seen lately: whichever offset was in force when it was written, the
 * smallest gives a server time no later than the truth. A wider search only risks more candidates (which
 * the user settles), a later one a duplicate.
 *
 * Why each estimate is early, never late: the `Date` header is the server's time cut to the second when it
 * answered, read here after the transit; the monotonic clock never runs ahead of real time.
 */

/** Offsets within this of one another are one "regime" of the PC clock (one second of Date, plus transit). */
const SAME_REGIME_MS = 2_000;
/** A regime not seen for this long is forgotten: an attempt that old was reconciled long ago. */
export const REGIME_RETENTION_MS = 24 * 3600_000;
/** Far more than a PC clock changes in a day; a bound on memory, not a tuning knob. */
const MAX_REGIMES = 64;

export interface ServerClockOptions {
  /** This PC's clock (the client's `now`). */
  now: () => Date;
  /** Monotonic milliseconds: unaffected when the PC's clock is set. */
  monotonic?: () => number;
}

export interface ServerClock {
  /** A response arrived: its `Date` header (absent or unreadable ones are ignored). */
  observe(dateHeader: string | null): void;
  /** A request leaves: the offset in force now, derived from the last response and the monotonic clock. */
  sending(): void;
  /** `pcMs` (a time this PC's clock gave) as a server time no later than the truth; undefined before any Date. */
  toServerTime(pcMs: number): number | undefined;
}

interface Regime {
  offsetMs: number;
  seenAt: number;
}

export function createServerClock(options: ServerClockOptions): ServerClock {
  const monotonic = options.monotonic ?? (() => performance.now());
  let regimes: Regime[] = [];
  let last: { serverMs: number; at: number } | undefined;

  function add(offsetMs: number, at: number) {
    const same = regimes.find((regime) => Math.abs(regime.offsetMs - offsetMs) <= SAME_REGIME_MS);
    if (same) {
      same.offsetMs = Math.min(same.offsetMs, offsetMs);
      same.seenAt = at;
    } else {
      regimes.push({ offsetMs, seenAt: at });
    }
    regimes = regimes
      .filter((regime) => at - regime.seenAt <= REGIME_RETENTION_MS)
      .sort((a, b) => b.seenAt - a.seenAt)
      .slice(0, MAX_REGIMES);
  }

  return {
    observe(dateHeader) {
      const serverMs = dateHeader === null ? Number.NaN : Date.parse(dateHeader);
      if (!Number.isFinite(serverMs)) return;
      const at = monotonic();
      // The latest answer anchors `sending`, even one that was slow to come: its time is only earlier, and a
      // server whose own clock was set back is followed rather than projected past.
      last = { serverMs, at };
      add(serverMs - options.now().getTime(), at);
    },
    sending() {
      if (!last) return;
      const at = monotonic();
      add(last.serverMs + (at - last.at) - options.now().getTime(), at);
    },
    toServerTime(pcMs) {
      if (!regimes.length) return undefined;
      return pcMs + Math.min(...regimes.map((regime) => regime.offsetMs));
    },
  };
}
