import { describe, expect, it } from 'vitest';
import type { Scorecard } from '../../db/scorecard/compute';
import { formatListQuery, parseListQuery, sortCards } from './listQuery';

const card = (name: string, fill: number | null): Scorecard =>
  ({ name, fill: { part: 0, whole: 0, rate: fill } }) as unknown as Scorecard;

describe('the comparison list', () => {
  it('keeps the period and the sort in the address, dropping what is not valid', () => {
    const query = parseListQuery({ period: '3m', sort: 'fill', dir: 'desc' });
    expect(formatListQuery(query)).toEqual({ period: '3m', sort: 'fill', dir: 'desc' });
    expect(parseListQuery({ sort: 'price', dir: 'up' })).toMatchObject({
      period: '12m',
      sort: 'name',
      dir: 'asc',
    });
  });

  it('sorts by a figure either way, unknown figures last, ties by name', () => {
    const cards = [card('Beta', 0.5), card('Acme', null), card('Cobalt', 0.9), card('Delta', 0.5)];
    expect(sortCards(cards, 'fill', 'desc').map((c) => c.name)).toEqual(['Cobalt', 'Beta', 'Delta', 'Acme']);
    expect(sortCards(cards, 'fill', 'asc').map((c) => c.name)).toEqual(['Beta', 'Delta', 'Cobalt', 'Acme']);
    expect(sortCards(cards, 'name', 'desc').map((c) => c.name)).toEqual(['Delta', 'Cobalt', 'Beta', 'Acme']);
  });
});
