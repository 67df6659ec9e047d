/**
 * The scorecard's charts in Chromium: a rate says its percentage and figures in words (the bar is hidden
 * from screen readers), or that it is not known; a bar chart gives screen readers its figures as a table.
 */
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { mountInPage } from '../testing/mountInPage';
import BarChart from './BarChart.svelte';
import RateBar from './RateBar.svelte';

describe('RateBar', () => {
  it('says the rate and its figures, and draws the bar to the rate', () => {
    const { target } = mountInPage(RateBar, {
      rate: 40 / 42,
      detail: '40 of 42 units',
      unknown: 'Not known',
    });
    expect(target.textContent).toContain('95.2%');
    expect(target.textContent).toContain('40 of 42 units');
    const fill = target.querySelector<HTMLElement>('.fill')!;
    expect(fill.style.width).toBe('95.2%');
    expect(fill.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('says a rate is not known rather than drawing 0%', () => {
    const { target } = mountInPage(RateBar, { rate: null, detail: '', unknown: 'No order received yet' });
    expect(target.textContent?.trim()).toBe('No order received yet');
    expect(target.querySelector('.fill')).toBeNull();
  });
});

describe('BarChart', () => {
  it('gives each bar to screen readers as a row of a captioned table', async () => {
    mountInPage(BarChart, {
      bars: [
        { label: 'Jan', value: 65 },
        { label: 'Feb', value: 0 },
      ],
      caption: 'Spend per month, AUD',
      valueText: (value: number) => `$${value.toFixed(2)}`,
    });
    const table = page.getByRole('table', { name: 'Spend per month, AUD' });
    await expect.element(table.getByRole('row', { name: 'Jan $65.00' })).toBeInTheDocument();
    await expect.element(table.getByRole('row', { name: 'Feb $0.00' })).toBeInTheDocument();
    const bars = document.querySelectorAll('svg rect.bar');
    expect(bars).toHaveLength(2);
    expect(Number(bars[1]!.getAttribute('height'))).toBe(0);
  });
});
