/**
 * Reference data ops, on the `{name}` factory of ./named: what differs per resource is how a name is found
 * again after a lost response, and what a delete leaves behind.
 */
import { z } from 'zod';
import {
  FixedPriceGroupSchema,
  ShipmentTypeSchema,
  ShippingPortSchema,
  SupplierReturnReasonSchema,
  type ShippingPort,
} from '../../../../src/api/resources';
import type { OpRecord } from '../../../../src/db/ops';
import { ApiCallError } from '../../api/errors';
import type { OpRunContext, ReconcileOutcome } from '../opKind';
import { put } from './cache';
import { callOptions, searchAll } from './lookup';
import { quoted } from './labels';
import { byName, namedOps, sameName } from './named';

const returnReasons = namedOps({
  noun: 'return reason',
  table: 'returnReasons',
  schema: SupplierReturnReasonSchema,
  // Deleted reasons keep their names but no longer hold them: only live ones are candidates.
  reconcileCreate: byName('return reason', (context) =>
    searchAll(context, 'searchSupplierReturnReasons', { params: {}, query: { is_deleted: false } }),
  ),
  read: (context, id) =>
    context.client.call('getSupplierReturnReason', { params: { id } }, callOptions(context)),
});

const shipmentTypes = namedOps({
  noun: 'shipment type',
  table: 'shipmentTypes',
  schema: ShipmentTypeSchema,
  // `name` is a "contains" match ignoring case; byName keeps the exact one.
  reconcileCreate: byName('shipment type', (context, name) =>
    searchAll(context, 'searchShipmentTypes', { params: {}, query: { name } }),
  ),
  read: (context, id) => context.client.call('getShipmentType', { params: { id } }, callOptions(context)),
});

const fixedPriceGroups = namedOps({
  noun: 'fixed price group',
  table: 'fixedPriceGroups',
  schema: FixedPriceGroupSchema,
  // The API lists these without a name filter; there are few of them.
  reconcileCreate: byName('fixed price group', (context) =>
    searchAll(context, 'searchFixedPriceGroups', { params: {}, query: {} }),
  ),
  // No read by id and no rename in the API: nothing ever merges against a fixed price group.
});

/** The id the server's 409 names for the record already holding the name: "… already exists (id 12)". */
const idInConflict = (error: ApiCallError) => /\(id (\d+)\)/.exec(error.details.problem?.detail ?? '')?.[1];

/**
 * Shipping ports cannot be searched (the API offers them by id only), so the create itself is the lookup:
 * the unique-name rule makes a repeated POST safe. 201 → it had not happened and now has; 409 → the port
 * holding the name is read by the id the conflict names; a 409 that names none cannot be settled here.
 */
async function reconcilePortByCreate(context: OpRunContext, name: string): Promise<ReconcileOutcome> {
  try {
    const port = await context.client.call(
      'createShippingPort',
      { params: {}, body: { name } },
      callOptions(context),
    );
    return { outcome: 'applied', result: port };
  } catch (error) {
    if (!(error instanceof ApiCallError) || error.kind !== 'conflict') throw error;
    const id = idInConflict(error);
    const port: ShippingPort | null = id
      ? await context.client.call('getShippingPort', { params: { id: Number(id) } }, callOptions(context))
      : null;
    if (port && sameName(port.name, name)) return { outcome: 'applied', result: port };
    return {
      outcome: 'ambiguous',
      reason: `A shipping port named ${quoted(name)} exists, but the API cannot look ports up by name`,
      candidates: port ? [port] : [],
    };
  }
}

const shippingPorts = namedOps({
  noun: 'shipping port',
  table: 'shippingPorts',
  schema: ShippingPortSchema,
  reconcileCreate: reconcilePortByCreate,
  read: (context, id) => context.client.call('getShippingPort', { params: { id } }, callOptions(context)),
});

/** The reason as the user last saw it, when the delete carries it. */
const DeletedReasonBaseSchema = SupplierReturnReasonSchema.extend({ id: z.int() });

/**
 * A deleted reason stays readable (returns filed under it still name it), so the row stays, flagged. The
 * 204 carries no record: the row is the op's base version marked deleted, with the attempt's time standing
 * in for deleted_on until the next pull (the server moved modified_on) brings the server's.
 */
function softDeletedReason(op: OpRecord) {
  const base = DeletedReasonBaseSchema.safeParse(op.baseVersion);
  if (!base.success) return [];
  const deletedOn = base.data.deleted_on ?? op.lastAttemptAt ?? op.createdAt;
  return [put('returnReasons', [{ ...base.data, deleted: true, deleted_on: deletedOn }])];
}

export const createSupplierReturnReason = returnReasons.create('createSupplierReturnReason');
export const updateSupplierReturnReason = returnReasons.update('updateSupplierReturnReason');
export const deleteSupplierReturnReason = returnReasons.delete(
  'deleteSupplierReturnReason',
  softDeletedReason,
);

export const createShippingPort = shippingPorts.create('createShippingPort');
export const updateShippingPort = shippingPorts.update('updateShippingPort');
export const deleteShippingPort = shippingPorts.delete('deleteShippingPort');

export const createShipmentType = shipmentTypes.create('createShipmentType');
export const updateShipmentType = shipmentTypes.update('updateShipmentType');

export const createFixedPriceGroup = fixedPriceGroups.create('createFixedPriceGroup');
