/** Wording shared by the sync centre labels of every op kind. */

/** A temp id means nothing to the user: the record was made offline and has no number yet. */
export const idText = (id: number): string => (id < 0 ? 'new' : String(id));

export const counted = (n: number, singular: string, plural = `${singular}s`): string =>
  `${n} ${n === 1 ? singular : plural}`;

export const quoted = (text: string): string => `“${text}”`;
