/** Price groups, standard and fixed (/pricegroups/standard, /pricegroups/fixed). */
import { z } from 'zod';
import { dateTime, int32 } from '../primitives';

export const FixedPriceGroupSchema = z.strictObject({
  id: int32(),
  name: z.string().nullable(),
  modified_on: dateTime(),
});

/** Fields not shown: we give it the fixed group's shape, the smallest one that supports search and pull by modified_on. */
export const StandardPriceGroupSchema = z.strictObject({
  id: int32(),
  name: z.string().nullable(),
  modified_on: dateTime(),
});

export type FixedPriceGroup = z.infer<typeof FixedPriceGroupSchema>;
export type StandardPriceGroup = z.infer<typeof StandardPriceGroupSchema>;
