/** Outlets and price groups. */
import { z } from 'zod';
import { pageOf } from '../primitives';
import { FixedPriceGroupCreateSchema } from '../requests';
import { FixedPriceGroupSchema, OutletSchema, StandardPriceGroupSchema } from '../resources';
import { operations, orderBy, paging } from './define';

const outlets = operations('Outlets');
const priceGroups = operations('Price groups');

export const outletEndpoints = {
  getOutlet: outlets('GET', '/outlets/{id}', { summary: 'Read an outlet', response: OutletSchema }),
  searchStandardPriceGroups: priceGroups('GET', '/pricegroups/standard', {
    summary: 'List standard price groups',
    query: z.strictObject({ order_by: orderBy('searchStandardPriceGroups'), ...paging }),
    response: pageOf(StandardPriceGroupSchema),
    search: 'searchStandardPriceGroups',
  }),
  searchFixedPriceGroups: priceGroups('GET', '/pricegroups/fixed', {
    summary: 'List fixed price groups',
    query: z.strictObject({ order_by: orderBy('searchFixedPriceGroups'), ...paging }),
    response: pageOf(FixedPriceGroupSchema),
    search: 'searchFixedPriceGroups',
  }),
  createFixedPriceGroup: priceGroups('POST', '/pricegroups/fixed', {
    summary: 'Create a fixed price group',
    body: FixedPriceGroupCreateSchema,
    response: FixedPriceGroupSchema,
  }),
};
