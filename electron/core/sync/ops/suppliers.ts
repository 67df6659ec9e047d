/** Supplier ops: update and delete, FIFO per supplier. The API has no supplier create. */
import { SupplierSchema } from '../../../../src/api/resources';
import { OP_CATALOG } from '../../../../src/db/opCatalog';
import { put, remove } from './cache';
import { deleteSpec, updateSpec } from './factories';
import { callOptions } from './lookup';
import { idText } from './labels';

export const updateSupplier = updateSpec({
  kind: 'updateSupplier',
  payload: OP_CATALOG.updateSupplier.payload,
  label: ({ params, body }) => `Update supplier ${body.name ?? idText(params.id)}`,
  result: SupplierSchema,
  rows: (supplier) => {
    if (supplier.id === null) throw new Error('The server answered a supplier without an id');
    return [put('suppliers', [{ ...supplier, id: supplier.id }])];
  },
  current: (context, { params }) =>
    context.client.call('getSupplier', { params: { id: params.id } }, callOptions(context)),
});

export const deleteSupplier = deleteSpec({
  kind: 'deleteSupplier',
  payload: OP_CATALOG.deleteSupplier.payload,
  label: ({ params }) => `Delete supplier ${idText(params.id)}`,
  // The server also soft-deletes the supplier's product links; the products' next refresh drops them.
  rows: (_op, { params }) => [remove('suppliers', [params.id])],
});
