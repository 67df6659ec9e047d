/**
 * Customer ops: create, update and delivery address update. All share `customer:<id>`: a customer PUT that
 * replaces delivery_addresses and an address PUT must reach the server in the order the user made them.
 */
import type { z } from 'zod';
import { buildFilter, queryFor, type FilterClause } from '../../../../src/api/query';
import { CustomerSchema, DeliveryAddressSchema } from '../../../../src/api/resources';
import { OP_CATALOG } from '../../../../src/db/opCatalog';
import type { OpRecord } from '../../../../src/db/ops';
import { ApiCallError } from '../../api/errors';
import type { OpRunContext } from '../opKind';
import { put, replacingTemp } from './cache';
import { byLookup, createSpec, updateSpec } from './factories';
import { idText } from './labels';
import { callOptions, searchAll } from './lookup';
import { attemptWindowStart } from './reconcile';

const createPayload = OP_CATALOG.createCustomer.payload;
type CreateBody = z.output<typeof createPayload>['body'];

const where = queryFor('searchCustomers').where;
const NAME_KEYS = ['first_name', 'last_name', 'company'] as const;
/** Sent text fields a lookup without a number compares exactly (the search ignores case). */
const MATCHED_KEYS = [...NAME_KEYS, 'email', 'phone', 'mobile', 'custom_reference'] as const;

const search = (context: OpRunContext, query: { filter_by: string; created_since?: string }) =>
  searchAll(context, 'searchCustomers', { params: {}, query });

/**
 * customer_number is unique on the server, so a body that sends one is found by it alone. Without one the
 * server numbers the customer itself, and the lookup falls back to customers created since the attempt with
 * the same names (the create requires one of them) and the same sent contact fields.
 */
async function findCustomer(context: OpRunContext, { body }: { body: CreateBody }, op: OpRecord) {
  const number = body.customer_number;
  if (number) {
    const found = await search(context, { filter_by: buildFilter([where('customer_number').eq(number)]) });
    return found.filter((customer) => customer.customer_number === number);
  }
  const clauses: FilterClause[] = NAME_KEYS.map((key) => {
    const value = body[key];
    return value ? where(key).eq(value) : where(key).isnullorempty();
  });
  const found = await search(context, {
    filter_by: buildFilter(clauses),
    created_since: await attemptWindowStart(context, op),
  });
  return found.filter((customer) =>
    MATCHED_KEYS.every((key) => body[key] === undefined || customer[key] === body[key]),
  );
}

const personOf = (body: CreateBody) =>
  [body.first_name, body.last_name].filter(Boolean).join(' ') || body.company || 'customer';

export const createCustomer = createSpec({
  kind: 'createCustomer',
  payload: createPayload,
  label: ({ body }) => `New customer ${personOf(body)}`,
  result: CustomerSchema,
  rows: (customer, op) => [replacingTemp('customers', op, customer)],
  idOf: (customer) => customer.id,
  reconcile: byLookup('customers', findCustomer),
});

const readCustomer = (context: OpRunContext, id: number) =>
  context.client.call('getCustomer', { params: { id } }, callOptions(context));

export const updateCustomer = updateSpec({
  kind: 'updateCustomer',
  payload: OP_CATALOG.updateCustomer.payload,
  label: ({ params }) => `Update customer ${idText(params.id)}`,
  result: CustomerSchema,
  rows: (customer) => [put('customers', [customer])],
  current: (context, { params }) => readCustomer(context, params.id),
});

/** The address as the customer now has it; gone from the customer is a 404, as the PUT itself would answer. */
async function currentAddress(context: OpRunContext, customerId: number, addressId: number) {
  const customer = await readCustomer(context, customerId);
  const address = customer.delivery_addresses.find((candidate) => candidate.id === addressId);
  if (address) return address;
  throw new ApiCallError('not-found', `Customer ${customerId} has no delivery address ${addressId}`, {
    delivery: 'yes',
    status: 404,
    operation: 'getCustomer',
  });
}

export const updateDeliveryAddress = updateSpec({
  kind: 'updateDeliveryAddress',
  payload: OP_CATALOG.updateDeliveryAddress.payload,
  label: ({ params }) =>
    `Update delivery address ${idText(params.address_id)} of customer ${idText(params.id)}`,
  result: DeliveryAddressSchema,
  /*
   * The address lives inside the cached customer row and a cache write replaces whole rows, so there is
   * nothing to put from the address alone. The local edit already shows it; the server moved the customer's
   * modified_on, so the next pull brings the customer with every address (and default flag) as stored.
   */
  rows: () => [],
  current: (context, { params }) => currentAddress(context, params.id, params.address_id),
});
