import { describe, expect, it } from 'vitest';
import { formatRoute } from '../../lib/routes';
import { listParamsOf, queryOfListParams, rowText, stateText } from './listQuery';

describe('the reference lists in the URL', () => {
  it('keeps the deleted filter tri-state: live, deleted, or absent for both', () => {
    expect(listParamsOf({ deleted: 'live' })).toEqual({ deleted: 'live' });
    expect(listParamsOf({ deleted: 'deleted' })).toEqual({ deleted: 'deleted' });
    expect(listParamsOf({})).toEqual({ deleted: null });
    expect(listParamsOf({ deleted: 'maybe', other: 'x' })).toEqual({ deleted: null });
    expect(formatRoute('lists', ['return-reasons'], queryOfListParams({ deleted: 'deleted' }))).toBe(
      '#/lists/return-reasons?deleted=deleted',
    );
    expect(formatRoute('lists', ['return-reasons'], queryOfListParams({ deleted: null }))).toBe(
      '#/lists/return-reasons',
    );
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
