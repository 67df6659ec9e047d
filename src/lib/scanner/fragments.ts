/**
 * Memory of the bursts the wedge detector replayed as typing, so that a scan that arrives split in two
 * (its first part replayed into a field, the rest ending in Enter) is recognised as ONE broken scan rather
 * than accepted as a shorter, wrong code.
 *
 * A replayed fragment is judged to come from the scanner, not a person, when
 *  - it holds two or more keys: every burst's keys are within the threshold of each other, a scanner's
 *    speed (a person rarely manages it, and then only for two keys rolled over);
 *  - or the next part began within the threshold of its last key: the keys' own time stamps prove the
 *    burst went on, and only a late timer on a busy page cut it;
 *  - or it starts with the configured prefix.
 * A lone slow key is a person's (a quantity typed before a scan) and ends the search.
 */

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

/** More than a scan could ever split into; older fragments are forgotten. */
const MAX_FRAGMENTS = 32;

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

  /**
   * The scanner-made fragments just before a part that starts at `nextAt`, oldest first: the broken
   * beginning of a scan whose end is arriving now. Empty when the last replay was a person's typing.
   */
  scannerRunBefore(nextAt: number): Fragment[] {
    const { thresholdMs, splitWindowMs, prefix } = this.#rules;
    const run: Fragment[] = [];
    let after = nextAt;
    for (let i = this.#fragments.length - 1; i >= 0; i--) {
      const fragment = this.#fragments[i]!;
      const gap = after - fragment.lastAt;
      if (gap > splitWindowMs) break;
      const scannerMade =
        fragment.text.length >= 2 ||
        gap <= thresholdMs ||
        (prefix !== '' && fragment.text.startsWith(prefix));
      if (!scannerMade) break;
      run.unshift(fragment);
      after = fragment.firstAt;
    }
    return run;
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
