/**
 * Supplier return reasons, shipping ports and shipment types, on the shared `{name}`
 * implementation in ./namedRecords. What is particular to each is here: the reasons' soft delete and search,
 * the ports' guarded hard delete, the shipment types' name search.
 */
import { newReturnReason, type SupplierReturnReason } from '../../../src/api/resources';
import { conflict } from '../../errors';
import {
  allOf,
  returnReasonAccessors,
  searchPage,
  shipmentTypeAccessors,
  sinceFilter,
  triState,
} from '../../search';
import { noContent, ok, type Handler } from '../context';
import { namedRecords } from './namedRecords';
import { shippingPortReferencedBy } from './references';
import { idParam } from '../checks';
import { stamp } from './shared';

const reasons = namedRecords({
  map: 'returnReasons',
  what: 'supplier return reason',
  create: newReturnReason,
  rename: (reason, name, now) => ({ ...reason, name, modified_on: now }),
  isDeleted: (reason) => reason.deleted,
});

const ports = namedRecords({
  map: 'shippingPorts',
  what: 'shipping port',
  create: (id, name) => ({ id, name }),
  rename: (port, name) => ({ ...port, name }),
});

const shipmentTypes = namedRecords({
  map: 'shipmentTypes',
  what: 'shipment type',
  create: (id, name) => ({ id, name }),
  rename: (type, name) => ({ ...type, name }),
});

const searchSupplierReturnReasons: Handler<'searchSupplierReturnReasons'> = (ctx) =>
  ok(
    searchPage(reasons.all(ctx.state), ctx.query, {
      op: 'searchSupplierReturnReasons',
      accessors: returnReasonAccessors,
      idOf: (reason) => reason.id ?? 0,
      view: (reason) => reason,
      where: allOf<SupplierReturnReason>(
        triState(ctx.query.is_deleted, (reason) => reason.deleted),
        sinceFilter(
          ctx.query,
          (reason) => reason.created_on,
          (reason) => reason.modified_on,
        ),
      ),
    }),
  );

/**
 * Soft delete: the reason stays readable (GET answers it with deleted true, so clients can reconcile) and
 * searchable with is_deleted. Returns already filed under it keep it. Deleting it again answers 204 and
 * keeps the first deleted_on: the client's intent holds, and a replayed DELETE must not fail.
 */
const deleteSupplierReturnReason: Handler<'deleteSupplierReturnReason'> = (ctx) => {
  const reason = reasons.find(ctx);
  if (!reason.deleted) {
    const now = stamp(ctx);
    ctx.state.returnReasons.set(idParam(ctx.params), {
      ...reason,
      deleted: true,
      deleted_on: now,
      modified_on: now,
    });
  }
  return noContent();
};

/** A port that a supplier or purchase order still names cannot be removed (409); others are deleted outright. */
const deleteShippingPort: Handler<'deleteShippingPort'> = (ctx) => {
  const id = idParam(ctx.params);
  ports.find(ctx);
  const user = shippingPortReferencedBy(ctx.state, id);
  if (user) throw conflict(`Shipping port ${id} is referenced by ${user} and cannot be deleted`);
  ctx.state.shippingPorts.delete(id);
  return noContent();
};

/** `name`: a case-insensitive "contains" match, so a picker can search as the user types. Ordered by id. */
const searchShipmentTypes: Handler<'searchShipmentTypes'> = (ctx) => {
  const { name, ...paging } = ctx.query;
  const wanted = name?.toLocaleLowerCase();
  return ok(
    searchPage(shipmentTypes.all(ctx.state), paging, {
      op: null,
      accessors: shipmentTypeAccessors,
      idOf: (type) => type.id ?? 0,
      view: (type) => type,
      where: wanted ? (type) => (type.name ?? '').toLocaleLowerCase().includes(wanted) : undefined,
    }),
  );
};

export const referenceDataHandlers = {
  createSupplierReturnReason: reasons.create,
  searchSupplierReturnReasons,
  getSupplierReturnReason: reasons.get,
  updateSupplierReturnReason: reasons.update,
  deleteSupplierReturnReason,

  createShippingPort: ports.create,
  getShippingPort: ports.get,
  updateShippingPort: ports.update,
  deleteShippingPort,

  searchShipmentTypes,
  createShipmentType: shipmentTypes.create,
  getShipmentType: shipmentTypes.get,
  updateShipmentType: shipmentTypes.update,
};
