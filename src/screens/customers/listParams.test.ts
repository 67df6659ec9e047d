import { describe, expect, it } from 'vitest';
import { isFiltering } from '../../components/list/listShell';
import { NO_CUSTOMER_FILTERS } from '../../db/customers/customerList';
import { customerListSpec, filtersText } from './listParams';

const { parse: listParamsOf, format: queryOfListParams } = customerListSpec;

describe('customer list params', () => {
  it('round-trips filters, search and sort through the URL, dropping what is not valid', () => {
    const params = listParamsOf({
      type: '2',
      outlet: 'x',
      account: 'yes',
      loyalty: 'maybe',
      q: 'bo',
      sort: 'number',
      dir: 'desc',
    });
    expect(params).toEqual({
      filters: { typeId: 2, outletId: null, account: 'yes', loyalty: null },
      search: 'bo',
      sort: { key: 'number', direction: 'desc' },
    });
    expect(listParamsOf(queryOfListParams(params) as Record<string, string>)).toEqual(params);
    expect(customerListSpec.noFilters).toEqual(NO_CUSTOMER_FILTERS);
    expect(isFiltering(listParamsOf({}), NO_CUSTOMER_FILTERS)).toBe(false);
    expect(isFiltering(params, NO_CUSTOMER_FILTERS)).toBe(true);
  });

  it('says why the list is empty', () => {
    const params = listParamsOf({ type: '2', loyalty: 'no', q: ' bo ' });
    expect(filtersText(params, { types: [{ value: 2, label: 'Trade' }], outlets: [] })).toBe(
      'of type Trade, outside the loyalty program, matching “bo”',
    );
  });
});
