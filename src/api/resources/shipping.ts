/** The shipping port and the shipment type (both served under /v2). */
import { z } from 'zod';
import { boundedString, int32 } from '../primitives';

export const ShippingPortSchema = z.strictObject({
  id: int32(),
  name: boundedString(0, 100).nullable(),
});

export const ShipmentTypeSchema = z.strictObject({
  id: int32().nullable(),
  name: boundedString(0, 50).nullable(),
});

export type ShippingPort = z.infer<typeof ShippingPortSchema>;
export type ShipmentType = z.infer<typeof ShipmentTypeSchema>;
