/**
 * Customer survey segment groups as the cache holds them (the engine pulls the whole list): read-only,
 * since the API has no write for them. A short list, read whole and ordered by name, active ones first.
 */
import type { SurveySegmentGroup } from '../../api/resources';
import type { DockhandDb } from '../schema';

export type SurveySegmentRow = Pick<SurveySegmentGroup, 'id' | 'name' | 'active'>;

export async function surveySegmentRows(db: DockhandDb, search = ''): Promise<SurveySegmentRow[]> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const rows = await db.surveySegments.toArray();
  return rows
    .filter((row) => words.every((word) => `${row.id} ${row.name ?? ''}`.toLowerCase().includes(word)))
    .map(({ id, name, active }) => ({ id, name, active }))
    .sort(
      (a, b) =>
        Number(b.active) - Number(a.active) || (a.name ?? '').localeCompare(b.name ?? '') || a.id - b.id,
    );
}
