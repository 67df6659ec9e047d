/** GET/POST /customers and GET/PUT /customers/{id}. The body rules are in ./customerBody. */
import type { Customer } from '../../../src/api/resources';
import { customerAccessors, searchPage, sinceFilter } from '../../search';
import { nextId, type SimState } from '../../state';
import { ok, type Handler } from '../context';
import { applyCustomerBody, blankCustomer } from './customerBody';
import { found, idParam } from '../checks';
import { stamp } from './shared';

const searchCustomers: Handler<'searchCustomers'> = (ctx) =>
  ok(
    searchPage(ctx.state.customers.values(), ctx.query, {
      op: 'searchCustomers',
      accessors: customerAccessors(ctx.state),
      idOf: (customer) => customer.id,
      view: (customer) => customer,
      where: sinceFilter<Customer>(
        ctx.query,
        (customer) => customer.created_on,
        (customer) => customer.modified_on,
      ),
    }),
  );

/**
 * A customer the body does not number gets the generated data's format, `C` and the id in seven digits
 * (`C0050123`), with `-<n>` added in the unlikely case a client already chose that text, so numbers stay unique.
 */
function defaultNumber(state: SimState, id: number): string {
  const taken = new Set([...state.customers.values()].map((customer) => customer.customer_number));
  const base = `C${String(id).padStart(7, '0')}`;
  let number = base;
  for (let n = 2; taken.has(number); n++) number = `${base}-${n}`;
  return number;
}

const createCustomer: Handler<'createCustomer'> = (ctx) => {
  const now = stamp(ctx);
  const draft = applyCustomerBody(ctx.state, blankCustomer(ctx.state, ctx.body, now), ctx.body, now);
  const id = nextId(ctx.state, 'customers');
  const customer: Customer = {
    ...draft,
    id,
    customer_number: draft.customer_number ?? defaultNumber(ctx.state, id),
  };
  ctx.state.customers.set(id, customer);
  return ok(customer);
};

const getCustomer: Handler<'getCustomer'> = (ctx) =>
  ok(found(ctx.state.customers, idParam(ctx.params), 'customer'));

const updateCustomer: Handler<'updateCustomer'> = (ctx) => {
  const id = idParam(ctx.params);
  const current = found(ctx.state.customers, id, 'customer');
  const updated = applyCustomerBody(ctx.state, current, ctx.body, stamp(ctx));
  ctx.state.customers.set(id, updated);
  return ok(updated);
};

export const customerHandlers = { searchCustomers, createCustomer, getCustomer, updateCustomer };
