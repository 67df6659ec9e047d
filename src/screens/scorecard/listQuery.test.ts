import { describe, expect, it } from 'vitest';
import { isFiltering } from '../../components/list/listShell';
import type { Scorecard } from '../../db/scorecard/compute';
import { formatRoute } from '../../lib/routes';
import { filterCards, scorecardListSpec, sortCards } from './listQuery';

const card = (name: string, fill: number | null): Scorecard =>
  ({ name, fill: { part: 0, whole: 0, rate: fill } }) as unknown as Scorecard;

const address = (query: Record<string, string>) =>
  formatRoute('scorecard', [], scorecardListSpec.format(scorecardListSpec.parse(query)));

describe('the comparison list', () => {
  it('keeps the period, the search and the sort in the address, dropping what is not valid', () => {
    expect(address({ period: '3m', sort: 'fill', dir: 'desc', q: 'bolt' })).toBe(
      '#/scorecard?dir=desc&period=3m&q=bolt&sort=fill',
    );
    expect(address({ period: 'custom', from: '2025-07-01', to: '2025-09-30' })).toBe(
      '#/scorecard?from=2025-07-01&period=custom&to=2025-09-30',
    );
    expect(scorecardListSpec.parse({ period: 'soon', sort: 'price', dir: 'up' })).toEqual({
      filters: { period: '12m', from: '', to: '' },
      search: '',
      sort: null,
    });
  });

  it('never counts the period as filtering: it says what the rows show, not which rows', () => {
    const params = scorecardListSpec.parse({ period: '3m' });
    const settings = scorecardListSpec.settings;
    expect(isFiltering(params, scorecardListSpec.noFilters, settings)).toBe(false);
    expect(isFiltering({ ...params, search: 'acme' }, scorecardListSpec.noFilters, settings)).toBe(true);
  });

  it('finds suppliers by every word of their name, in any case', () => {
    const cards = [card('Acme Apparel', 1), card('Bolt Supply', 1), card('Apparel Bolt Co', 1)];
    expect(filterCards(cards, 'BOLT apparel').map((c) => c.name)).toEqual(['Apparel Bolt Co']);
    expect(filterCards(cards, '')).toHaveLength(3);
  });

  it('sorts by a figure either way, unknown figures last, ties by name; by name when unsorted', () => {
    const cards = [card('Beta', 0.5), card('Acme', null), card('Cobalt', 0.9), card('Delta', 0.5)];
    const names = (sorted: Scorecard[]) => sorted.map((c) => c.name);
    expect(names(sortCards(cards, { key: 'fill', direction: 'desc' }))).toEqual([
      'Cobalt',
      'Beta',
      'Delta',
      'Acme',
    ]);
    expect(names(sortCards(cards, { key: 'fill', direction: 'asc' }))).toEqual([
      'Beta',
      'Delta',
      'Cobalt',
      'Acme',
    ]);
    expect(names(sortCards(cards, { key: 'name', direction: 'desc' }))).toEqual([
      'Delta',
      'Cobalt',
      'Beta',
      'Acme',
    ]);
    expect(names(sortCards(cards, null))).toEqual(['Acme', 'Beta', 'Cobalt', 'Delta']);
  });
});
