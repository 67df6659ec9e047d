/** Purchase orders, supplier invoices, supplier returns and credit notes. */
import { z } from 'zod';
import {
  PurchaseOrderCreateSchema,
  SupplierInvoiceCreateSchema,
  SupplierInvoiceUpdateSchema,
  SupplierReturnItemCreateSchema,
  SupplierReturnUpdateSchema,
} from '../requests';
import {
  CreditNoteItemSchema,
  CreditNoteSchema,
  PurchaseOrderItemSchema,
  PurchaseOrderSchema,
  SupplierInvoiceSchema,
  SupplierReturnItemSchema,
  SupplierReturnSchema,
} from '../resources';
import { idList, operations, since } from './define';

const purchaseOrders = operations('Purchase orders');
const invoices = operations('Supplier invoices');
const returns = operations('Supplier returns');
const creditNotes = operations('Credit notes');

const purchaseOrder = purchaseOrders.records('/purchaseorders', 'a purchase order', PurchaseOrderSchema);
const invoice = invoices.records('/supplierinvoices', 'a supplier invoice', SupplierInvoiceSchema);
const supplierReturn = returns.records('/supplierreturns', 'a supplier return', SupplierReturnSchema);
const returnItem = returns.records(
  '/supplierreturns/{id}/supplierreturnitems',
  'one supplier return item',
  SupplierReturnItemSchema,
  'item_id',
);
const creditNote = creditNotes.records('/creditnotes', 'a credit note', CreditNoteSchema);

export const purchasingEndpoints = {
  getPurchaseOrder: purchaseOrders('GET', '/purchaseorders/{id}', {
    summary: 'Read a purchase order',
    query: z.strictObject({ include_items: z.boolean().optional() }),
    response: PurchaseOrderSchema,
  }),
  createPurchaseOrder: purchaseOrder.create(PurchaseOrderCreateSchema),
  searchPurchaseOrders: purchaseOrders.search('/purchaseorders', 'searchPurchaseOrders', {
    summary: 'Search purchase orders',
    query: { include_items: z.boolean().optional() },
    grammar: ['filter_by', 'order_by'],
    record: PurchaseOrderSchema,
  }),
  searchPurchaseOrderItems: purchaseOrders.search(
    '/purchaseorders/{id}/purchaseorderitems',
    'searchPurchaseOrderItems',
    {
      summary: 'Search the items of a purchase order',
      grammar: ['filter_by', 'order_by', 'select'],
      record: PurchaseOrderItemSchema,
    },
  ),
  deletePurchaseOrderItem: purchaseOrders('DELETE', '/purchaseorders/{id}/purchaseorderitems/{item_id}', {
    summary: 'Delete a purchase order item',
    response: null,
  }),

  searchSupplierInvoices: invoices.search('/supplierinvoices', 'searchSupplierInvoices', {
    summary: 'Search supplier invoices',
    grammar: ['filter_by', 'order_by'],
    record: SupplierInvoiceSchema,
  }),
  createSupplierInvoice: invoice.create(
    SupplierInvoiceCreateSchema,
    'Create a supplier invoice, receiving stock against purchase orders',
  ),
  getSupplierInvoice: invoice.read(),
  updateSupplierInvoice: invoice.update(SupplierInvoiceUpdateSchema, 'Update or finalise a supplier invoice'),

  getSupplierReturn: supplierReturn.read(),
  updateSupplierReturn: supplierReturn.update(SupplierReturnUpdateSchema),
  searchSupplierReturnItems: returns.search(
    '/supplierreturns/{id}/supplierreturnitems',
    'searchSupplierReturnItems',
    {
      summary: 'Search the items of a supplier return',
      // The API does not name the parameters; ours follow the credit note search (`ids`, `…_ids`).
      // When `ids` is given every other parameter is ignored, as the API says.
      query: {
        ids: idList(),
        supplier_return_reason_ids: idList(),
        supplier_return_item_status_ids: idList(),
        supplier_return_item_source_ids: idList(),
        ...since,
      },
      grammar: ['select', 'order_by'],
      record: SupplierReturnItemSchema,
    },
  ),
  createSupplierReturnItem: returnItem.create(
    SupplierReturnItemCreateSchema,
    'Add an item to a supplier return',
  ),
  getSupplierReturnItem: returnItem.read(),

  searchCreditNotes: creditNotes.search('/creditnotes', 'searchCreditNotes', {
    summary: 'Search credit notes',
    // When `ids` is given every other parameter is ignored, as the API says.
    query: {
      ids: idList(),
      supplier_return_ids: idList(),
      outlet_ids: idList(),
      supplier_ids: idList(),
      supplier_reference: z.string().max(50).optional(),
      ...since,
    },
    grammar: ['filter_by', 'order_by'],
    record: CreditNoteSchema,
  }),
  getCreditNote: creditNote.read(),
  searchCreditNoteItems: creditNotes.search('/creditnotes/{id}/creditnoteitems', 'searchCreditNoteItems', {
    summary: 'Search the items of a credit note',
    query: { supplier_return_item_ids: idList(), ...since },
    grammar: ['order_by'],
    record: CreditNoteItemSchema,
  }),
  getCreditNoteItem: creditNotes('GET', '/creditnotes/{id}/creditnoteitems/{item_id}', {
    summary: 'Read one credit note item',
    response: CreditNoteItemSchema,
  }),
};
