/**
 * The purchasing handlers: purchase orders and their items, supplier invoices, supplier
 * returns and their items, credit notes and their items. Domain decisions the API leaves open are written
 * at the top of the file that applies them.
 */
import type { HandlerTable } from '../context';
import { createPurchaseOrder } from './createPurchaseOrder';
import { createSupplierInvoice } from './createSupplierInvoice';
import { getCreditNote, getCreditNoteItem, searchCreditNoteItems, searchCreditNotes } from './creditNotes';
import { deletePurchaseOrderItem, searchPurchaseOrderItems } from './purchaseOrderItems';
import { getPurchaseOrder, searchPurchaseOrders } from './purchaseOrders';
import { getSupplierInvoice, searchSupplierInvoices, updateSupplierInvoice } from './supplierInvoices';
import {
  createSupplierReturnItem,
  getSupplierReturnItem,
  searchSupplierReturnItems,
} from './supplierReturnItems';
import { getSupplierReturn, updateSupplierReturn } from './supplierReturns';

export type PurchasingOperationId =
  | 'getPurchaseOrder'
  | 'createPurchaseOrder'
  | 'searchPurchaseOrders'
  | 'searchPurchaseOrderItems'
  | 'deletePurchaseOrderItem'
  | 'searchSupplierInvoices'
  | 'createSupplierInvoice'
  | 'getSupplierInvoice'
  | 'updateSupplierInvoice'
  | 'getSupplierReturn'
  | 'updateSupplierReturn'
  | 'searchSupplierReturnItems'
  | 'createSupplierReturnItem'
  | 'getSupplierReturnItem'
  | 'searchCreditNotes'
  | 'getCreditNote'
  | 'searchCreditNoteItems'
  | 'getCreditNoteItem';

export const purchasingHandlers: Pick<HandlerTable, PurchasingOperationId> = {
  getPurchaseOrder,
  createPurchaseOrder,
  searchPurchaseOrders,
  searchPurchaseOrderItems,
  deletePurchaseOrderItem,
  searchSupplierInvoices,
  createSupplierInvoice,
  getSupplierInvoice,
  updateSupplierInvoice,
  getSupplierReturn,
  updateSupplierReturn,
  searchSupplierReturnItems,
  createSupplierReturnItem,
  getSupplierReturnItem,
  searchCreditNotes,
  getCreditNote,
  searchCreditNoteItems,
  getCreditNoteItem,
};
