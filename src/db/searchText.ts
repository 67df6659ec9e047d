/**
 * A list row's search text: the words of the fields a list's search box looks in, lower-cased, empty fields
 * left out. The list shell matches the typed words against it (src/components/list/listQuery.ts,
 * searchMatch). One home for the lists of suppliers, returns and credit notes.
 */
export const searchTextOf = (fields: readonly (string | null | undefined)[]): string =>
  fields.filter(Boolean).join(' ').toLowerCase();

/**
 * Text as a typed search compares it: lower case, accents dropped ("Crème Brûlée" → "creme brulee"), so a
 * buyer's keyboard without them finds the name (src/components/form/choiceMatch.ts).
 */
export const foldText = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
