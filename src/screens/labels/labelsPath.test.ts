import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../lib/routes';
import { isLabelsRoute, labelsSource, productLabelsPath, receiptLabelsPath } from './labelsPath';

const sourceOf = (hash: string) => labelsSource(parseRoute(hash).query);

describe('labelsPath', () => {
  it('links a receipt, with or without the receipt inside its invoice, and reads it back', () => {
    expect(receiptLabelsPath(-4, -5)).toBe('#/products/labels?invoice=-4&receipt=-5');
    expect(receiptLabelsPath(31)).toBe('#/products/labels?invoice=31');
    expect(sourceOf(receiptLabelsPath(-4, -5))).toEqual({ kind: 'receipt', invoiceId: -4, receiptId: -5 });
    expect(sourceOf(receiptLabelsPath(31, null))).toEqual({
      kind: 'receipt',
      invoiceId: 31,
      receiptId: null,
    });
    expect(isLabelsRoute(parseRoute(receiptLabelsPath(31)))).toBe(true);
  });

  it('links products and reads their ids back once each, skipping what is not an id', () => {
    expect(productLabelsPath([12, 15])).toBe('#/products/labels?products=12%2C15');
    expect(sourceOf(productLabelsPath([12, 15]))).toEqual({ kind: 'products', productIds: [12, 15] });
    expect(sourceOf('#/products/labels?products=7,x,7,,-2')).toEqual({
      kind: 'products',
      productIds: [7, -2],
    });
    expect(sourceOf('#/products/labels')).toEqual({ kind: 'products', productIds: [] });
    expect(isLabelsRoute(parseRoute('#/products/12'))).toBe(false);
  });
});
