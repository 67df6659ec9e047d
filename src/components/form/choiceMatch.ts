/**
 * Which of many choices (the 2,000 suppliers of the large demo) a typed text finds, for ./ChoiceSearch.svelte.
 * DOM-free, tested in Node. Every typed word must be in the choice's label (its name or its code), ignoring
 * case and accents (src/db/searchText.ts foldText), as the lists' own search box matches words.
 *
 * The labels are folded once per array of choices, the first time it is searched (kept while the array
 * lives): then a keystroke is one pass of `includes` over 2,000 short strings, well under a millisecond.
 */
import { foldText } from '../../db/searchText';

/** Matches drawn at most: a buyer reads a screenful, then types one more letter. */
export const MATCH_LIMIT = 50;

export interface Matches<C> {
  /** The matches to draw, best first, at most the limit. */
  shown: readonly C[];
  /** How many more match beyond them. */
  more: number;
}

/** Letters and digits only, words apart by one space, with a space in front: " acme foods acmfoo12". */
const wordsOf = (text: string) =>
  ` ${foldText(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()}`;

const foldedByChoices = new WeakMap<readonly { label: string }[], string[]>();

function folded(choices: readonly { label: string }[]): string[] {
  let texts = foldedByChoices.get(choices);
  if (!texts) foldedByChoices.set(choices, (texts = choices.map((choice) => wordsOf(choice.label))));
  return texts;
}

/**
 * The choices every typed word finds, in their own order within three ranks: the label starts with the
 * first word typed, a word of it does, the first word is inside a word ("12" in the code "ACMFOO12").
 * Nothing typed: the first `limit` choices.
 */
export function matchChoices<C extends { label: string }>(
  choices: readonly C[],
  typed: string,
  limit = MATCH_LIMIT,
): Matches<C> {
  const words = wordsOf(typed).split(' ').filter(Boolean);
  const [first] = words;
  if (first === undefined)
    return { shown: choices.slice(0, limit), more: Math.max(0, choices.length - limit) };
  const texts = folded(choices);
  const ranks: C[][] = [[], [], []];
  texts.forEach((text, i) => {
    if (!words.every((word) => text.includes(word))) return;
    const rank = text.startsWith(` ${first}`) ? 0 : text.includes(` ${first}`) ? 1 : 2;
    ranks[rank]!.push(choices[i]!);
  });
  const found = ranks.flat();
  return { shown: found.slice(0, limit), more: Math.max(0, found.length - limit) };
}
