/**
 * Memory of the bursts the wedge detector replayed as typing, so that a scan that arrives in pieces (its
 * first keys replayed into a field, the rest ending in Enter) is refused as ONE broken scan rather than
 * accepted as a shorter, wrong code, and the pieces are taken back out of the field.
 *
 * A person's key and a scanner key held up by a busy computer look the same: both arrive alone, some
 * 50–1,000 ms after the previous one. So any key replayed shortly before a scan (a chain of replays less
 * than `splitWindowMs` apart) may be the scan's beginning, and the scan is refused — with one exception
 * the clerk controls: a typed quantity, digits followed by `x`, `*` or `c`, which no code we scan starts
 * with (src/db/receiving/typedQuantity.ts). A bare "12" before a scan is therefore never taken as a quantity.
 *
 * Some replays prove the scanner sent them, which decides a late Enter (below): three or more keys
 * within the threshold of each other (a person manages two rolled over, not three), a replay the next
 * part followed within the threshold (only a late timer cut it), or one starting with the prefix.
 */
import { isTypedQuantity } from '../../db/receiving/typedQuantity';

/** Takes replayed text back out of where it landed; answers whether it could. */
export type Retract = () => boolean;

export interface Fragment {
  text: string;
  /** Time stamp of its first and last key. */
  firstAt: number;
  lastAt: number;
  retract: Retract | undefined;
}

export interface FragmentRules {
  thresholdMs: number;
  /** How long a busy computer may stall a scan between two of its parts. */
  splitWindowMs: number;
  prefix: string;
}

/** What came just before a scan-shaped burst or a late Enter. */
export interface Chain {
  /** The replays, oldest first, each less than the split window after the one before. */
  fragments: Fragment[];
  text: string;
  /** Some replay in it was certainly the scanner's (see above). */
  scannerMade: boolean;
}

/** More than a scan could ever split into; older fragments are forgotten. */
const MAX_FRAGMENTS = 32;
/** A person can roll two keys within the threshold; three in a row is a machine. */
const SCANNER_RUN = 3;

export class FragmentMemory {
  #fragments: Fragment[] = [];
  readonly #rules: FragmentRules;

  constructor(rules: FragmentRules) {
    this.#rules = rules;
  }

  remember(fragment: Fragment): void {
    this.#fragments = [...this.#fragments, fragment].slice(-MAX_FRAGMENTS);
  }

  forget(): void {
    this.#fragments = [];
  }

  get latest(): Fragment | undefined {
    return this.#fragments.at(-1);
  }

  /** The replays chained to something starting at `nextAt`: each gap within the split window. */
  chainBefore(nextAt: number): Chain {
    const { thresholdMs, splitWindowMs, prefix } = this.#rules;
    const fragments: Fragment[] = [];
    let scannerMade = false;
    let after = nextAt;
    for (let i = this.#fragments.length - 1; i >= 0; i--) {
      const fragment = this.#fragments[i]!;
      const gap = after - fragment.lastAt;
      if (gap > splitWindowMs) break;
      if (
        fragment.text.length >= SCANNER_RUN ||
        gap <= thresholdMs ||
        (prefix !== '' && fragment.text.startsWith(prefix))
      )
        scannerMade = true;
      fragments.unshift(fragment);
      after = fragment.firstAt;
    }
    return { fragments, text: fragments.map((fragment) => fragment.text).join(''), scannerMade };
  }

  /**
   * The chain before a scan-shaped burst starting at `burstAt` that may be its broken beginning; empty
   * when nothing came just before, or what came was a typed quantity.
   */
  brokenStartBefore(burstAt: number): Chain {
    const chain = this.chainBefore(burstAt);
    if (isTypedQuantity(chain.text)) return { fragments: [], text: '', scannerMade: false };
    return chain;
  }

  /** Takes the fragments back out, newest first (later text sits after earlier); true if all came out. */
  static retractAll(fragments: readonly Fragment[]): boolean {
    let all = true;
    for (const fragment of [...fragments].reverse()) {
      if (!fragment.retract?.()) all = false;
    }
    return all;
  }
}
