/**
 * The `{name}` bodies of the reference-data operations (seed 4.5, 4.6, 4.7, 4.13): supplier return reasons,
 * shipping ports and shipment types (create and update) and fixed price groups (create). One factory, one
 * bound per resource.
 *
 * name is required and non-empty in every one: the body is nothing but the name, and a nameless record
 * could not be told apart in a picker. (The seed's "0..N chars" lower bound is therefore tightened to 1.)
 * null is not accepted either: the record exists to carry a name.
 */
import { z } from 'zod';
import { boundedString } from '../primitives';

/** A strict `{name}` body with a name of 1..max characters. */
export const nameBody = (max: number) => z.strictObject({ name: boundedString(1, max) });

/**
 * The bound used where the seed gives none (return reasons, fixed price groups): the largest bound the seed
 * gives a sibling reference-data name (shipping port, 100). A tighter guess could refuse names the server
 * takes; a looser one would only move the failure to the server.
 */
export const UNSPECIFIED_NAME_MAX = 100;

/** The generic `{name}` shape, bounded like a resource whose bound the seed does not give. */
export const NameBodySchema = nameBody(UNSPECIFIED_NAME_MAX);
export type NameBody = z.infer<typeof NameBodySchema>;

/** POST/PUT /supplierreturnreasons: the seed gives no bound; see UNSPECIFIED_NAME_MAX. */
export const SupplierReturnReasonBodySchema = nameBody(UNSPECIFIED_NAME_MAX);
export type SupplierReturnReasonBody = z.infer<typeof SupplierReturnReasonBodySchema>;

/** POST/PUT /shippingports: name 0..100 in 2.12 (1..100 here). */
export const ShippingPortBodySchema = nameBody(100);
export type ShippingPortBody = z.infer<typeof ShippingPortBodySchema>;

/** POST/PUT /shipmenttypes: name 0..50 in 2.12 (1..50 here). */
export const ShipmentTypeBodySchema = nameBody(50);
export type ShipmentTypeBody = z.infer<typeof ShipmentTypeBodySchema>;

/** POST /pricegroups/fixed: the seed gives no bound; see UNSPECIFIED_NAME_MAX. */
export const FixedPriceGroupCreateSchema = nameBody(UNSPECIFIED_NAME_MAX);
export type FixedPriceGroupCreate = z.infer<typeof FixedPriceGroupCreateSchema>;
