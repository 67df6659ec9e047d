/** Purchase orders, supplier invoices, supplier returns and credit notes. */
import { z } from 'zod';
import { pageOf } from '../primitives';
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
import { filterBy, idList, operations, orderBy, paging, select, since } from './define';

const purchaseOrders = operations('Purchase orders');
const invoices = operations('Supplier invoices');
const returns = operations('Supplier returns');
const creditNotes = operations('Credit notes');

export const purchasingEndpoints = {
  getPurchaseOrder: purchaseOrders('GET', '/purchaseorders/{id}', {
    summary: 'Read a purchase order',
    query: z.strictObject({ include_items: z.boolean().optional() }),
    response: PurchaseOrderSchema,
  }),
  createPurchaseOrder: purchaseOrders('POST', '/purchaseorders', {
    summary: 'Create a purchase order',
    body: PurchaseOrderCreateSchema,
    response: PurchaseOrderSchema,
  }),
  searchPurchaseOrders: purchaseOrders('GET', '/purchaseorders', {
    summary: 'Search purchase orders',
    query: z.strictObject({
      filter_by: filterBy('searchPurchaseOrders'),
      order_by: orderBy('searchPurchaseOrders'),
      include_items: z.boolean().optional(),
      ...paging,
    }),
    response: pageOf(PurchaseOrderSchema),
    search: 'searchPurchaseOrders',
  }),
  searchPurchaseOrderItems: purchaseOrders('GET', '/purchaseorders/{id}/purchaseorderitems', {
    summary: 'Search the items of a purchase order',
    query: z.strictObject({
      filter_by: filterBy('searchPurchaseOrderItems'),
      order_by: orderBy('searchPurchaseOrderItems'),
      select: select('searchPurchaseOrderItems'),
      ...paging,
    }),
    response: pageOf(PurchaseOrderItemSchema),
    search: 'searchPurchaseOrderItems',
  }),
  deletePurchaseOrderItem: purchaseOrders('DELETE', '/purchaseorders/{id}/purchaseorderitems/{item_id}', {
    summary: 'Delete a purchase order item',
    response: null,
  }),

  searchSupplierInvoices: invoices('GET', '/supplierinvoices', {
    summary: 'Search supplier invoices',
    query: z.strictObject({
      filter_by: filterBy('searchSupplierInvoices'),
      order_by: orderBy('searchSupplierInvoices'),
      ...paging,
    }),
    response: pageOf(SupplierInvoiceSchema),
    search: 'searchSupplierInvoices',
  }),
  createSupplierInvoice: invoices('POST', '/supplierinvoices', {
    summary: 'Create a supplier invoice, receiving stock against purchase orders',
    body: SupplierInvoiceCreateSchema,
    response: SupplierInvoiceSchema,
  }),
  getSupplierInvoice: invoices('GET', '/supplierinvoices/{id}', {
    summary: 'Read a supplier invoice',
    response: SupplierInvoiceSchema,
  }),
  updateSupplierInvoice: invoices('PUT', '/supplierinvoices/{id}', {
    summary: 'Update or finalise a supplier invoice',
    body: SupplierInvoiceUpdateSchema,
    response: SupplierInvoiceSchema,
  }),

  getSupplierReturn: returns('GET', '/supplierreturns/{id}', {
    summary: 'Read a supplier return',
    response: SupplierReturnSchema,
  }),
  updateSupplierReturn: returns('PUT', '/supplierreturns/{id}', {
    summary: 'Update a supplier return',
    body: SupplierReturnUpdateSchema,
    response: SupplierReturnSchema,
  }),
  searchSupplierReturnItems: returns('GET', '/supplierreturns/{id}/supplierreturnitems', {
    summary: 'Search the items of a supplier return',
    // The API does not name the parameters; ours follow the credit note search (`ids`, `…_ids`).
    // When `ids` is given every other parameter is ignored, as the API says.
    query: z.strictObject({
      ids: idList(),
      supplier_return_reason_ids: idList(),
      supplier_return_item_status_ids: idList(),
      supplier_return_item_source_ids: idList(),
      ...since,
      select: select('searchSupplierReturnItems'),
      order_by: orderBy('searchSupplierReturnItems'),
      ...paging,
    }),
    response: pageOf(SupplierReturnItemSchema),
    search: 'searchSupplierReturnItems',
  }),
  createSupplierReturnItem: returns('POST', '/supplierreturns/{id}/supplierreturnitems', {
    summary: 'Add an item to a supplier return',
    body: SupplierReturnItemCreateSchema,
    response: SupplierReturnItemSchema,
  }),
  getSupplierReturnItem: returns('GET', '/supplierreturns/{id}/supplierreturnitems/{item_id}', {
    summary: 'Read one supplier return item',
    response: SupplierReturnItemSchema,
  }),

  searchCreditNotes: creditNotes('GET', '/creditnotes', {
    summary: 'Search credit notes',
    // When `ids` is given every other parameter is ignored, as the API says.
    query: z.strictObject({
      ids: idList(),
      supplier_return_ids: idList(),
      outlet_ids: idList(),
      supplier_ids: idList(),
      supplier_reference: z.string().max(50).optional(),
      ...since,
      filter_by: filterBy('searchCreditNotes'),
      order_by: orderBy('searchCreditNotes'),
      ...paging,
    }),
    response: pageOf(CreditNoteSchema),
    search: 'searchCreditNotes',
  }),
  getCreditNote: creditNotes('GET', '/creditnotes/{id}', {
    summary: 'Read a credit note',
    response: CreditNoteSchema,
  }),
  searchCreditNoteItems: creditNotes('GET', '/creditnotes/{id}/creditnoteitems', {
    summary: 'Search the items of a credit note',
    query: z.strictObject({
      supplier_return_item_ids: idList(),
      ...since,
      order_by: orderBy('searchCreditNoteItems'),
      ...paging,
    }),
    response: pageOf(CreditNoteItemSchema),
    search: 'searchCreditNoteItems',
  }),
  getCreditNoteItem: creditNotes('GET', '/creditnotes/{id}/creditnoteitems/{item_id}', {
    summary: 'Read one credit note item',
    response: CreditNoteItemSchema,
  }),
};
