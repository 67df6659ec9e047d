import { describe, expect, it } from 'vitest';
import { formatRoute } from '../../lib/routes';
import { narrowRows, referenceListSpec, rowText, stateText } from './listQuery';

describe('the reference lists in the URL', () => {
  it('keeps the deleted filter tri-state: live, deleted, or absent for both', () => {
    const deleted = (query: Record<string, string>) => referenceListSpec.parse(query).filters.deleted;
    expect(deleted({ deleted: 'live' })).toBe('live');
    expect(deleted({ deleted: 'deleted' })).toBe('deleted');
    expect(deleted({})).toBeNull();
    expect(deleted({ deleted: 'maybe', other: 'x' })).toBeNull();
    const params = referenceListSpec.parse({});
    const route = (value: 'deleted' | null) =>
      formatRoute(
        'lists',
        ['return-reasons'],
        referenceListSpec.format({ ...params, filters: { deleted: value } }),
      );
    expect(route('deleted')).toBe('#/lists/return-reasons?deleted=deleted');
    expect(route(null)).toBe('#/lists/return-reasons');
  });

  it('shows the rows the deleted filter and every word of the search keep, by name either way', () => {
    const rows = [
      { record: { id: 1, name: 'Arrived damaged', deleted: false }, badge: null },
      { record: { id: 2, name: 'Damaged box', deleted: true }, badge: null },
      { record: { id: 3, name: 'Late', deleted: false }, badge: null },
    ];
    const shown = (query: Record<string, string>, hasDeletedFilter = true) =>
      narrowRows(rows, referenceListSpec.parse(query), hasDeletedFilter).map((row) => row.record.id);
    expect(shown({ q: 'damaged' })).toEqual([1, 2]);
    expect(shown({ q: 'damaged', deleted: 'live' })).toEqual([1]);
    expect(shown({ q: 'box dam' })).toEqual([2]);
    expect(shown({ q: '3' })).toEqual([3]);
    expect(shown({ sort: 'name', dir: 'desc' })).toEqual([3, 2, 1]);
    // A list without the filter ignores one in a hand-edited link.
    expect(shown({ deleted: 'deleted' }, false)).toEqual([1, 2, 3]);
  });

  it('says a deleted reason with its day, a disabled outlet, and nothing for a live record', () => {
    const deleted = { id: 3, name: 'Late', deleted: true, deleted_on: '2026-02-01T08:00:00Z' };
    expect(stateText(deleted)).toMatch(/^Deleted .*2026/);
    expect(stateText({ id: 1, name: 'Sydney', enabled: false })).toBe('Disabled');
    expect(rowText({ record: { id: 4, name: 'Shanghai' }, badge: null }, 'shipping port')).toBe('Shanghai');
    expect(rowText({ record: { id: 9, name: null }, badge: null }, 'outlet')).toBe('outlet 9');
  });

  it('says on the row what a refused or conflicting change needs, before anything else', () => {
    const deleted = { id: 3, name: 'Late', deleted: true, deleted_on: '2026-02-01T08:00:00Z' };
    expect(rowText({ record: deleted, badge: 'failed' }, 'return reason')).toBe(
      'Late, Refused by the server: open it to see why',
    );
    expect(stateText({ id: 1, name: 'Air' }, 'conflicted')).toBe(
      'Changed on the server too: open it to choose',
    );
    expect(stateText({ id: 1, name: 'Air' }, 'pending')).toBe('');
  });
});
