import { afterEach, describe, expect, it } from 'vitest';
import { currencyLabel, dayText, KeptTexts, moneyText } from './recordFormat';
import { ownCurrency, setOwnCurrency } from './ownCurrency';

// Intl puts a no-break space between a code and its figure (it never wraps apart in a table cell).
const nb = (text: string) => text.replace(/ /g, '\u00a0');

afterEach(() => setOwnCurrency(null));

describe('moneyText: one rule for every figure (issue 26)', () => {
  it('shows the business’s own currency plainly, with its symbol', () => {
    setOwnCurrency('AUD');
    expect(moneyText(1146.55, 'AUD')).toBe('$1,146.55');
    // Figures that are the business's own by nature leave the currency out.
    expect(moneyText(1146.55)).toBe('$1,146.55');
  });

  it('always names any other currency by its code, in one format', () => {
    setOwnCurrency('AUD');
    expect(moneyText(161.96, 'USD')).toBe(nb('USD 161.96'));
    expect(moneyText(16.8, 'NZD')).toBe(nb('NZD 16.80'));
    // The same dollars are foreign in a business that trades in another currency.
    setOwnCurrency('NZD');
    expect(moneyText(16.8, 'NZD')).toBe('$16.80');
    expect(moneyText(1146.55, 'AUD')).toBe(nb('AUD 1,146.55'));
  });

  it('claims no currency when the figure’s currency is not known', () => {
    setOwnCurrency('AUD');
    expect(moneyText(161.96, null)).toBe('161.96');
    expect(moneyText(null, 'USD')).toBe('—');
    expect(moneyText(undefined)).toBe('—');
    expect(moneyText(Number.NaN, 'AUD')).toBe('—');
  });

  it('names every currency while the own one is not known yet', () => {
    expect(ownCurrency()).toBeNull();
    expect(moneyText(5, 'AUD')).toBe(nb('AUD 5.00'));
    expect(moneyText(5)).toBe('5.00');
  });

  it('puts the sign first and rounds to cents, never showing -0.00', () => {
    setOwnCurrency('AUD');
    expect(moneyText(-25.5, 'AUD')).toBe('-$25.50');
    expect(moneyText(-25.5, 'USD')).toBe(nb('-USD 25.50'));
    expect(moneyText(2.005, 'AUD')).toBe('$2.01');
    expect(moneyText(0.994, 'USD')).toBe(nb('USD 0.99'));
    expect(moneyText(-0.001, 'AUD')).toBe('$0.00');
    expect(moneyText(-0, 'USD')).toBe(nb('USD 0.00'));
    expect(moneyText(1234567.891, 'AUD')).toBe('$1,234,567.89');
  });

  it('names a code Intl does not take rather than failing the screen', () => {
    setOwnCurrency('AUD');
    expect(moneyText(3, 'US DOLLAR')).toBe('US DOLLAR\u00a03.00');
  });
});

describe('currencyLabel', () => {
  it('says the currency by name with its code', () => {
    expect(currencyLabel({ currency_code: 'USD', currency_name: 'US Dollar' })).toBe('US Dollar (USD)');
    expect(currencyLabel({ currency_code: 'AUD', currency_name: '' })).toBe('AUD');
  });
});

describe('KeptTexts: each date and amount formatted once (issue #24)', () => {
  it('makes a text once per key, and forgets them all past its limit', () => {
    const texts = new KeptTexts(3);
    let made = 0;
    const make = (text: string) => () => {
      made++;
      return text;
    };
    expect(texts.get('a', make('A'))).toBe('A');
    expect(texts.get('a', make('not again'))).toBe('A');
    texts.get('b', make('B'));
    texts.get('c', make('C'));
    expect(made).toBe(3);
    expect(texts.size).toBe(3);
    // A fourth key: the kept ones are dropped, so the memory stays bounded whatever a list shows.
    texts.get('d', make('D'));
    expect(texts.size).toBe(1);
    expect(texts.get('a', make('A again'))).toBe('A again');
    expect(made).toBe(5);
  });

  it('still formats by the rules as they stand when asked again', () => {
    setOwnCurrency('AUD');
    expect(moneyText(16.8, 'NZD')).toBe(nb('NZD 16.80'));
    setOwnCurrency('NZD');
    expect(moneyText(16.8, 'NZD')).toBe('$16.80');
    expect(dayText('2026-03-04T00:00:00Z')).toBe(dayText('2026-03-04T00:00:00Z'));
    expect(dayText('not a day')).toBe('not a day');
  });
});
