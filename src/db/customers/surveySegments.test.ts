import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect, it } from 'vitest';
import { sampleSurveySegmentGroup } from '../../api/resources/fixtures';
import { DockhandDb } from '../schema';
import { surveySegmentRows } from './surveySegments';

it('lists the cached survey segment groups, active first, by name, searched by name or id', async () => {
  const db = new DockhandDb('survey-segments', { indexedDB: new IDBFactory(), IDBKeyRange });
  await db.surveySegments.bulkPut([
    sampleSurveySegmentGroup({ id: 1, name: 'Referral source', active: true }),
    sampleSurveySegmentGroup({ id: 2, name: 'Age band', active: false }),
    sampleSurveySegmentGroup({ id: 3, name: 'Favourite brand', active: true }),
  ]);
  expect((await surveySegmentRows(db)).map((row) => row.id)).toEqual([3, 1, 2]);
  expect(await surveySegmentRows(db, 'REFERRAL')).toEqual([{ id: 1, name: 'Referral source', active: true }]);
  expect((await surveySegmentRows(db, '2')).map((row) => row.id)).toEqual([2]);
});
