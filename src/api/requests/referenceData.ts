/**
 * The `{name}` bodies of the reference-data operations (/supplierreturnreasons, /shippingports,
 * /shipmenttypes, /pricegroups/fixed): supplier return reasons, shipping ports and shipment types (create and
 * update) and fixed price groups (create). One factory, one bound per resource.
 *
 * name is required and non-empty in every one: the body is nothing but the name, and a nameless record
 * could not be told apart in a picker. (The API's "0..N chars" lower bound is therefore tightened to 1.)
 * null is not accepted either: the record exists to carry a name.
 */
import { z } from 'zod';
import { boundedString } from '../primitives';

/** A strict `{name}` body with a name of 1..max characters. */
export const nameBody = (max: number) => z.strictObject({ name: boundedString(1, max) });

/**
 * The bound used where the API states none (return reasons, fixed price groups): the largest bound the API
 * gives a sibling reference-data name (shipping port, 100). A tighter guess could refuse names the server
 * takes; a looser one would only move the failure to the server.
 */
export const UNSPECIFIED_NAME_MAX = 100;

/** The generic `{name}` shape, bounded like a resource whose bound the API does not state. */
export const NameBodySchema = nameBody(UNSPECIFIED_NAME_MAX);
export type NameBody = z.infer<typeof NameBodySchema>;

/** POST/PUT /supplierreturnreasons: the API states no bound; see UNSPECIFIED_NAME_MAX. */
export const SupplierReturnReasonBodySchema = nameBody(UNSPECIFIED_NAME_MAX);
export type SupplierReturnReasonBody = z.infer<typeof SupplierReturnReasonBodySchema>;

/** POST/PUT /shippingports: the API bounds name 0..100 (1..100 here). */
export const ShippingPortBodySchema = nameBody(100);
export type ShippingPortBody = z.infer<typeof ShippingPortBodySchema>;

/** POST/PUT /shipmenttypes: the API bounds name 0..50 (1..50 here). */
export const ShipmentTypeBodySchema = nameBody(50);
export type ShipmentTypeBody = z.infer<typeof ShipmentTypeBodySchema>;

/** POST /pricegroups/fixed: the API states no bound; see UNSPECIFIED_NAME_MAX. */
export const FixedPriceGroupCreateSchema = nameBody(UNSPECIFIED_NAME_MAX);
export type FixedPriceGroupCreate = z.infer<typeof FixedPriceGroupCreateSchema>;
