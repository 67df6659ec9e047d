import { describe, expect, it } from 'vitest';
import { formatRoute, href, idPart, parseRoute } from './routes';

describe('routes', () => {
  it('reads section, parts and query from the hash', () => {
    expect(parseRoute('#/purchase-orders/12?status=OnOrder&q=acme%20ltd')).toEqual({
      section: 'purchase-orders',
      parts: ['12'],
      query: { status: 'OnOrder', q: 'acme ltd' },
    });
    expect(parseRoute('')).toEqual({ section: '', parts: [], query: {} });
    expect(parseRoute('#/receiving/')).toEqual({ section: 'receiving', parts: [], query: {} });
  });

  it("ignores the browser host's bridge token", () => {
    expect(parseRoute('#token=abc/def')).toEqual({ section: '', parts: [], query: {} });
  });

  it('formats one spelling per state: sorted keys, empty values left out, parts encoded', () => {
    expect(formatRoute('invoices', [], { to: '', q: 'a/b', status: 'Finalised', outlet: null })).toBe(
      '#/invoices?q=a%2Fb&status=Finalised',
    );
    expect(href('receiving', 'po', -3)).toBe('#/receiving/po/-3');
    const round = parseRoute(formatRoute('x', ['a b', '7'], { k: 'v&w' }));
    expect(round).toEqual({ section: 'x', parts: ['a b', '7'], query: { k: 'v&w' } });
  });

  it('reads record ids: positive server ids and negative temp ids, nothing else', () => {
    expect(idPart('42')).toBe(42);
    expect(idPart('-3')).toBe(-3);
    for (const bad of ['0', 'new', '1.5', '', undefined, '99999999999999999999'])
      expect(idPart(bad)).toBeNull();
  });
});
