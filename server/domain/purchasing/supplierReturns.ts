/**
 * GET and PUT /supplierreturns/{id}. Update is partial: omitted fields are unchanged; in
 * supplier_address only the lines sent change, and null clears a line. An empty notes or
 * return_authorisation clears it (stored as null). Order of checks: 404, 409 when finalised, 400 for unknown
 * references (all reported together), then the status rules (returnStatus.ts). A change of include_tax
 * re-prices every item.
 */
import type { SupplierReturnUpdate } from '../../../src/api/requests';
import type { SupplierReturn } from '../../../src/api/resources';
import type { SimState } from '../../state';
import { ok, type Handler } from '../context';
import { stampOf, touch } from './audit';
import { FieldCheck, fieldPath, found, intParam } from '../checks';
import { references } from './references';
import { applyStatus, checkStatusMove, rejectIfFinalised } from './returnStatus';
import { itemsOfReturn, priceReturnItem, recomputeReturnTotals } from './returnTotals';

const ADDRESS_LINES = ['address_line1', 'suburb', 'state', 'postcode'] as const;

const emptyToNull = (text: string) => (text === '' ? null : text);

function resolve(state: SimState, body: SupplierReturnUpdate) {
  const refs = references(state);
  const check = new FieldCheck();
  const resolved = {
    supplier: check.ref('supplier', body.supplier, refs.supplier),
    outlet: check.ref('outlet', body.outlet, refs.outlet),
    country: check.ref(
      fieldPath('supplier_address', 'country'),
      body.supplier_address?.country,
      refs.country,
    ),
    status: check.ref('supplier_return_status', body.supplier_return_status, refs.supplierReturnStatus),
  };
  check.throwIfAny();
  return resolved;
}

type Country = SupplierReturn['supplier_address']['country'];

function applyAddress(ret: SupplierReturn, body: SupplierReturnUpdate, country: Country | undefined) {
  const address = body.supplier_address;
  if (!address) return;
  for (const line of ADDRESS_LINES)
    if (address[line] !== undefined) ret.supplier_address[line] = address[line];
  if (country) ret.supplier_address.country = country;
}

export const getSupplierReturn: Handler<'getSupplierReturn'> = ({ state, params }) =>
  ok(found(state.supplierReturns, intParam(params, 'id'), 'supplier return'));

export const updateSupplierReturn: Handler<'updateSupplierReturn'> = (ctx) => {
  const { state, params, body } = ctx;
  const ret = found(state.supplierReturns, intParam(params, 'id'), 'supplier return');
  rejectIfFinalised(ret);
  const refs = resolve(state, body);
  const items = itemsOfReturn(state, ret.id);
  const status = refs.status ? checkStatusMove(ret, items, refs.status) : null;
  const stamp = stampOf(ctx);

  if (refs.supplier) ret.supplier = refs.supplier;
  if (refs.outlet) ret.outlet = refs.outlet;
  applyAddress(ret, body, refs.country);
  if (body.notes !== undefined) ret.notes = emptyToNull(body.notes);
  if (body.return_authorisation !== undefined)
    ret.return_authorisation = emptyToNull(body.return_authorisation);
  if (body.include_tax !== undefined && body.include_tax !== ret.include_tax) {
    ret.include_tax = body.include_tax;
    for (const item of items) {
      priceReturnItem(item, ret.include_tax);
      touch(item, stamp);
    }
    recomputeReturnTotals(ret, items);
  }
  if (status) applyStatus(ret, items, status, stamp);
  touch(ret, stamp);
  return ok(ret);
};
