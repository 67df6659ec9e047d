import { describe, expect, it } from 'vitest';
import { etaText, latestTime, pointsText, relativeTime, resourceLabel, valueText } from './format';

const now = Date.parse('2025-03-01T12:00:00Z');

describe('relativeTime', () => {
  it('says how long ago, in growing units', () => {
    expect(relativeTime('2025-03-01T11:59:55Z', now)).toBe('just now');
    expect(relativeTime('2025-03-01T11:59:15Z', now)).toBe('45 s ago');
    expect(relativeTime('2025-03-01T11:57:00Z', now)).toBe('3 min ago');
    expect(relativeTime('2025-03-01T10:00:00Z', now)).toBe('2 h ago');
    expect(relativeTime('2025-02-28T11:00:00Z', now)).toBe('1 day ago');
    expect(relativeTime('2025-02-25T12:00:00Z', now)).toBe('4 days ago');
  });

  it('never says a future time is in the past, and admits a bad one', () => {
    expect(relativeTime('2025-03-01T12:05:00Z', now)).toBe('just now');
    expect(relativeTime('yesterday', now)).toBe('unknown');
  });
});

describe('latestTime', () => {
  it('compares instants, not strings', () => {
    expect(latestTime(['2025-03-01T10:00:00+02:00', '2025-03-01T09:00:00Z'])).toBe('2025-03-01T09:00:00Z');
    expect(latestTime([])).toBeNull();
  });
});

describe('etaText', () => {
  it('rounds up to readable steps', () => {
    expect(etaText(2_000)).toBe('almost done');
    expect(etaText(17_000)).toBe('about 20 s left');
    expect(etaText(20_000)).toBe('about 20 s left');
    expect(etaText(125_000)).toBe('about 3 min left');
    expect(etaText(3_700_000)).toBe('about 2 h left');
  });
});

describe('resourceLabel', () => {
  it('turns table names into labels', () => {
    expect(resourceLabel('purchaseOrders')).toBe('Purchase orders');
    expect(resourceLabel('supplierReturnItems')).toBe('Supplier return items');
    expect(resourceLabel('products')).toBe('Products');
  });
});

describe('valueText', () => {
  it('shows empty and structured values readably', () => {
    expect(valueText(undefined)).toBe('(not set)');
    expect(valueText('')).toBe('(empty)');
    expect(valueText(3)).toBe('3');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});

describe('pointsText', () => {
  it('groups a balance and never shows a part of a point with one decimal', () => {
    expect(pointsText(1200)).toBe('1,200');
    expect(pointsText(642.5)).toBe('642.50');
    expect(pointsText(12345.678)).toBe('12,345.68');
    expect(pointsText(0)).toBe('0');
  });

  it('signs a change when asked: + for a gain, a true minus for a spend', () => {
    expect(pointsText(25, { signed: true })).toBe('+25');
    expect(pointsText(-1250.5, { signed: true })).toBe('−1,250.50');
    expect(pointsText(0, { signed: true })).toBe('0');
  });
});
