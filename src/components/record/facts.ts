/**
 * What a record page says a record is, declared as data: a label and its value, read by Facts.svelte. A
 * value is text, a number, a link, or a snippet given the record (a list of links, a value with a note).
 * An empty value reads "—", so a missing phone number is visibly missing rather than a blank gap; a fact
 * that does not apply is left out of the list (`false` or `null` in its place).
 */
import type { Snippet } from 'svelte';

/** A fact that opens another record's page. */
export interface FactLink {
  href: string;
  text: string;
}

export interface Fact<T = unknown> {
  label: string;
  value: string | number | FactLink | Snippet<[T]> | null | undefined;
  /** Keeps the value's own line breaks (notes, comments). */
  lines?: boolean;
  /** Spans the whole row of a tiled list (long notes). */
  wide?: boolean;
}

/**
 * A declared list: a fact that does not apply stands as `false`, `null` or `''` (what `record.created_on &&
 * {…}` gives) and is not shown.
 */
export type FactList<T = unknown> = readonly (Fact<T> | false | '' | null | undefined)[];

/** The facts to show, in order, without the ones that do not apply. */
export function shownFacts<T>(facts: FactList<T>): Fact<T>[] {
  return facts.filter((fact): fact is Fact<T> => Boolean(fact));
}

/** How a value reads: "—" when empty; a number as it is (an id is not a quantity: no thousands commas). */
export function factText(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return String(value);
}

/** "Yes" or "No", for a record's flags. */
export const yesNo = (value: boolean | null | undefined): string => (value ? 'Yes' : 'No');
