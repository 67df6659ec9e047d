/**
 * A list row's search text: the words of the fields a list's search box looks in, lower-cased, empty fields
 * left out. The list shell matches the typed words against it (src/components/list/listQuery.ts,
 * searchMatch). One home for the lists of suppliers, returns and credit notes.
 */
export const searchTextOf = (fields: readonly (string | null | undefined)[]): string =>
  fields.filter(Boolean).join(' ').toLowerCase();
