/** Outlets and price groups. */
import { FixedPriceGroupCreateSchema } from '../requests';
import { FixedPriceGroupSchema, OutletSchema, StandardPriceGroupSchema } from '../resources';
import { operations } from './define';

const outlets = operations('Outlets');
const priceGroups = operations('Price groups');

export const outletEndpoints = {
  getOutlet: outlets('GET', '/outlets/{id}', { summary: 'Read an outlet', response: OutletSchema }),
  searchStandardPriceGroups: priceGroups.search('/pricegroups/standard', 'searchStandardPriceGroups', {
    summary: 'List standard price groups',
    grammar: ['order_by'],
    record: StandardPriceGroupSchema,
  }),
  searchFixedPriceGroups: priceGroups.search('/pricegroups/fixed', 'searchFixedPriceGroups', {
    summary: 'List fixed price groups',
    grammar: ['order_by'],
    record: FixedPriceGroupSchema,
  }),
  createFixedPriceGroup: priceGroups('POST', '/pricegroups/fixed', {
    summary: 'Create a fixed price group',
    body: FixedPriceGroupCreateSchema,
    response: FixedPriceGroupSchema,
  }),
};
