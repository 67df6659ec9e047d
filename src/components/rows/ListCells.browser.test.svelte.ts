/**
 * ListCells in Chromium: a list row's cells in order, read apart (a screen reader and axe's "label in name"
 * need the words separated), tooltips where asked, the screen-reader-only word, and the badge cell only when
 * the list has that column.
 */
import { describe, expect, it } from 'vitest';
import { mountInPage } from '../testing/mountInPage';
import ListCells from './ListCells.svelte';

const cellsOf = (target: HTMLElement) => [...target.querySelectorAll('.list-columns > span')];

describe('ListCells', () => {
  it('reads its cells apart, in order, with the tooltips and hidden words asked for', () => {
    const { target } = mountInPage(ListCells, {
      cells: [
        { text: 1042 },
        { text: 'Acme Apparel', tip: true },
        { text: '—', tip: null },
        { text: '2026-03-01', said: 'Invoice date' },
        { text: '$1,234.50', tip: 'AUD 1,234.50', figure: true },
      ],
    });
    const cells = cellsOf(target);
    expect(cells.map((cell) => cell.textContent)).toEqual([
      '1042',
      'Acme Apparel',
      '—',
      'Invoice date2026-03-01',
      '$1,234.50',
    ]);
    expect(target.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      '1042 Acme Apparel — Invoice date2026-03-01 $1,234.50',
    );
    expect(cells.map((cell) => cell.getAttribute('title'))).toEqual([
      null,
      'Acme Apparel',
      null,
      null,
      'AUD 1,234.50',
    ]);
    expect(getComputedStyle(cells[0]!).fontWeight).toBe('600');
    expect(getComputedStyle(cells[4]!).textAlign).toBe('right');
  });

  it('has a badge cell only when the list has that column, empty while the record has no badge', () => {
    const none = mountInPage(ListCells, { cells: [{ text: 7 }] }).target;
    expect(cellsOf(none)).toHaveLength(1);
    const noBadge = mountInPage(ListCells, { cells: [{ text: 8 }], badge: null }).target;
    expect(cellsOf(noBadge).map((cell) => cell.textContent)).toEqual(['8', '']);
    const pending = mountInPage(ListCells, { cells: [{ text: 9 }], badge: 'pending' }).target;
    expect(cellsOf(pending)[1]?.textContent).toContain('Pending');
  });
});
