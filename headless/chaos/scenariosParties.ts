/**
 * Parties and reference data: supplier edits (and deletes of the run's spare suppliers), product supplier
 * links, customers and their delivery addresses, and the `{name}` resources (created, renamed, deleted).
 * Names and values are unique in the run, so every create has a natural key the verifier can count by.
 */
import { allocateTempId } from '../../src/db/outbox';
import type { OpKind } from '../../src/db/ops';
import type { CacheTable } from '../../src/db/schema';
import { emit, update, valueFor, type Scenario } from './generator';
import { linksOf, recordKey, unique, type NamedResource } from './world';

export const updateSupplier: Scenario = async (ctx) => {
  const { id } = ctx.random.pick(ctx.world.suppliers);
  const field = ctx.random.pick(['contact_name', 'phone', 'comments']);
  const body = { [field]: valueFor(ctx.world, field) };
  const serverEdit = { operation: 'updateSupplier' as const, params: { id } };
  await update(ctx, { kind: 'updateSupplier', params: { id }, body }, recordKey('supplier', id), serverEdit);
  return true;
};

export const spareSupplier: Scenario = async (ctx) => {
  const live = ctx.world.spares.filter((s) => !s.deleted);
  if (!live.length) return false;
  const spare = ctx.random.pick(live);
  const { id } = spare;
  if (ctx.random.chance(0.6)) {
    const body = { contact_name: valueFor(ctx.world, 'contact_name') };
    await update(ctx, { kind: 'updateSupplier', params: { id }, body }, recordKey('supplier', id));
    return true;
  }
  spare.deleted = true;
  await emit(
    ctx,
    { kind: 'deleteSupplier', params: { id }, cacheChanges: [] },
    { type: 'deleteSupplier', id },
  );
  return true;
};

export const productLinks: Scenario = async (ctx) => {
  const { world, random } = ctx;
  const productId = random.pick(world.linkProducts);
  const links = await linksOf(world, ctx.client, productId);
  const free = world.suppliers.filter((s) => !links.has(s.code));
  const params = { product_id: productId };
  const expectation = { type: 'links', productId } as const;
  const roll = random.next();
  if ((links.size === 0 || roll < 0.4) && free.length) {
    const item = {
      supplier_code: random.pick(free).code,
      notes: unique(world, 'link '),
      lead_time: random.int(0, 60),
    };
    links.set(item.supplier_code, item);
    await emit(ctx, { kind: 'createProductSuppliers', params, body: [item], cacheChanges: [] }, expectation);
  } else if (links.size && roll > 0.92) {
    const base = [...links.keys()].map((supplier_code) => ({ supplier_code }));
    links.clear();
    await emit(
      ctx,
      { kind: 'deleteProductSuppliers', params, baseVersion: base, cacheChanges: [] },
      expectation,
    );
  } else if (links.size) {
    const body = random
      .sample([...links.keys()], random.int(1, 2))
      .map((supplier_code) => ({ supplier_code, notes: unique(world, 'link ') }));
    for (const item of body) links.set(item.supplier_code, { ...links.get(item.supplier_code), ...item });
    // No base version: the engine's 3-way merge only handles object bodies, and merges an array body with
    // a base to `{}`, which the client refuses. Without one the list is sent as is.
    await emit(ctx, { kind: 'updateProductSuppliers', params, body, cacheChanges: [] }, expectation);
  } else return false;
  return true;
};

export const createCustomer: Scenario = async (ctx) => {
  const { db, world, random } = ctx;
  const tempId = await allocateTempId(db, 'customers');
  const lastName = unique(world, 'Run');
  const number = random.chance(0.5) ? unique(world, 'CX') : undefined;
  const body = { first_name: 'Chaos', last_name: lastName, ...(number ? { customer_number: number } : {}) };
  world.newCustomers.push(tempId);
  world.views.set(recordKey('customer', tempId), { ...body });
  await emit(
    ctx,
    {
      kind: 'createCustomer',
      params: {},
      body,
      createsTempId: tempId,
      cacheChanges: [{ table: 'customers', put: [{ id: tempId, ...body }] }],
    },
    { type: 'createCustomer', tempId, lastName, ...(number ? { number } : {}) },
  );
  return true;
};

export const updateCustomer: Scenario = async (ctx) => {
  const { world, random } = ctx;
  const ours = world.newCustomers.length > 0 && random.chance(0.25);
  const id = ours ? random.pick(world.newCustomers) : random.pick(world.customers).id;
  const field = random.pick(['custom_reference', 'phone']);
  const body = { [field]: valueFor(world, field) };
  const serverEdit = id > 0 ? { operation: 'updateCustomer' as const, params: { id } } : undefined;
  await update(ctx, { kind: 'updateCustomer', params: { id }, body }, recordKey('customer', id), serverEdit);
  return true;
};

export const updateAddress: Scenario = async (ctx) => {
  const { world, random } = ctx;
  const withAddresses = world.customers.filter((c) => c.addressIds.length);
  if (!withAddresses.length) return false;
  const customer = random.pick(withAddresses);
  const params = { id: customer.id, address_id: random.pick(customer.addressIds) };
  const field = random.pick(['address_line2', 'phone']);
  const body = { [field]: valueFor(world, field) };
  const serverEdit = { operation: 'updateDeliveryAddress' as const, params };
  const record = recordKey('deliveryAddress', params.id, params.address_id);
  await update(ctx, { kind: 'updateDeliveryAddress', params, body }, record, serverEdit);
  return true;
};

interface NamedKinds {
  table: CacheTable;
  create: OpKind;
  rename?: OpKind;
  remove?: OpKind;
}

const NAMED: Record<NamedResource, NamedKinds> = {
  returnReason: {
    table: 'returnReasons',
    create: 'createSupplierReturnReason',
    rename: 'updateSupplierReturnReason',
    remove: 'deleteSupplierReturnReason',
  },
  shippingPort: {
    table: 'shippingPorts',
    create: 'createShippingPort',
    rename: 'updateShippingPort',
    remove: 'deleteShippingPort',
  },
  shipmentType: { table: 'shipmentTypes', create: 'createShipmentType', rename: 'updateShipmentType' },
  fixedPriceGroup: { table: 'fixedPriceGroups', create: 'createFixedPriceGroup' },
};

/** Every name the run gives starts with this, so the verifier can list the run's records by name. */
export const namePrefix = (seed: number) => `Chaos ${seed} `;

export const createNamed: Scenario = async (ctx) => {
  const { db, world, random } = ctx;
  const resource = random.pick(Object.keys(NAMED) as NamedResource[]);
  const { table, create } = NAMED[resource];
  const tempId = await allocateTempId(db, table);
  const name = `${namePrefix(world.seed)}${unique(world, '')}`;
  const named = { resource, tempId, name, deleted: false };
  world.named.push(named);
  world.views.set(recordKey(resource, tempId), { name });
  await emit(
    ctx,
    {
      kind: create,
      params: {},
      body: { name },
      createsTempId: tempId,
      cacheChanges: [{ table, put: [{ id: tempId, name }] }],
    },
    { type: 'createNamed', named },
  );
  return true;
};

export const renameNamed: Scenario = async (ctx) => {
  const live = ctx.world.named.filter((n) => !n.deleted && NAMED[n.resource].rename);
  if (!live.length) return false;
  const named = ctx.random.pick(live);
  const name = `${namePrefix(ctx.world.seed)}${unique(ctx.world, '')}`;
  named.name = name;
  const kind = NAMED[named.resource].rename!;
  await update(
    ctx,
    { kind, params: { id: named.tempId }, body: { name } },
    recordKey(named.resource, named.tempId),
  );
  return true;
};

export const deleteNamed: Scenario = async (ctx) => {
  const live = ctx.world.named.filter((n) => !n.deleted && NAMED[n.resource].remove);
  if (!live.length) return false;
  const named = ctx.random.pick(live);
  named.deleted = true;
  const kind = NAMED[named.resource].remove!;
  await emit(ctx, { kind, params: { id: named.tempId }, cacheChanges: [] }, { type: 'deleteNamed', named });
  return true;
};
