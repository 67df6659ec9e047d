/**
 * The sections table: every area of the app is one row here. The main navigation, the routes and which
 * screen draws them all come from it, so a new area is a folder under `screens/` plus one row
 * (docs/adding-an-area.md). A section's screen gets the whole route and decides itself what its parts mean
 * (list, one record, a form).
 */
import type { Component } from 'svelte';
import type { DockhandDb } from './db/schema';
import type { Route } from './lib/routes';
import type { Session } from './lib/session.svelte';
import CreditNotesScreen from './screens/creditNotes/CreditNotesScreen.svelte';
import CustomersScreen from './screens/customers/CustomersScreen.svelte';
import ProductsScreen from './screens/products/ProductsScreen.svelte';
import PurchaseOrdersScreen from './screens/purchaseOrders/PurchaseOrdersScreen.svelte';
import ReceivingScreen from './screens/receiving/ReceivingScreen.svelte';
import ListsScreen from './screens/referenceData/ListsScreen.svelte';
import SettingsScreen from './screens/settings/SettingsScreen.svelte';
import SupplierInvoicesScreen from './screens/supplierInvoices/SupplierInvoicesScreen.svelte';
import SupplierReturnsScreen from './screens/supplierReturns/SupplierReturnsScreen.svelte';
import SuppliersScreen from './screens/suppliers/SuppliersScreen.svelte';
import SyncCentreScreen from './screens/sync/SyncCentreScreen.svelte';

/** What every section's screen is given. */
export interface SectionProps {
  db: DockhandDb;
  session: Session;
  route: Route;
}

export interface Section {
  /** The first path segment of its routes (`#/purchase-orders/…`); also its test id. */
  id: string;
  /** The main navigation's label. */
  label: string;
  screen: Component<SectionProps>;
}

export const SECTIONS: readonly Section[] = [
  { id: 'receiving', label: 'Receiving', screen: ReceivingScreen },
  { id: 'purchase-orders', label: 'Purchase orders', screen: PurchaseOrdersScreen },
  { id: 'supplier-invoices', label: 'Supplier invoices', screen: SupplierInvoicesScreen },
  { id: 'supplier-returns', label: 'Supplier returns', screen: SupplierReturnsScreen },
  { id: 'credit-notes', label: 'Credit notes', screen: CreditNotesScreen },
  { id: 'suppliers', label: 'Suppliers', screen: SuppliersScreen },
  { id: 'customers', label: 'Customers', screen: CustomersScreen },
  { id: 'products', label: 'Products', screen: ProductsScreen },
  { id: 'lists', label: 'Lists', screen: ListsScreen },
  { id: 'sync', label: 'Sync centre', screen: SyncCentreScreen },
  { id: 'settings', label: 'Settings', screen: SettingsScreen },
];

/** Where an empty or unknown route leads. */
export const DEFAULT_SECTION_ID = 'purchase-orders';

/** The section a route names, or the default one. */
export function sectionOf(route: Route): Section {
  return (
    SECTIONS.find((section) => section.id === route.section) ??
    SECTIONS.find((section) => section.id === DEFAULT_SECTION_ID)!
  );
}
