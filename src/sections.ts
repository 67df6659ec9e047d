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

/** What every section's screen is given. */
export interface SectionProps {
  db: DockhandDb;
  session: Session;
  route: Route;
}

/** What a section's list screen is given (src/components/SectionRouter.svelte): the route's query is its URL state. */
export interface ListProps {
  db: DockhandDb;
  session: Session;
  query: Readonly<Record<string, string>>;
}

/** What a section's record page is given: the record's id (negative for one made on this computer). */
export interface RecordProps {
  db: DockhandDb;
  session: Session;
  id: number;
}

export interface Section {
  /** The first path segment of its routes (`#/purchase-orders/…`); also its test id. */
  id: string;
  /** The main navigation's label. */
  label: string;
  /**
   * The section's screen, loaded when first shown: the window starts with one area's code, not all of them,
   * and App loads the rest while the app is idle, so a later click opens at once, offline too.
   */
  load: () => Promise<{ default: Component<SectionProps> }>;
}

export const SECTIONS: readonly Section[] = [
  { id: 'receiving', label: 'Receiving', load: () => import('./screens/receiving/ReceivingScreen.svelte') },
  {
    id: 'purchase-orders',
    label: 'Purchase orders',
    load: () => import('./screens/purchaseOrders/PurchaseOrdersScreen.svelte'),
  },
  {
    id: 'supplier-invoices',
    label: 'Supplier invoices',
    load: () => import('./screens/supplierInvoices/SupplierInvoicesScreen.svelte'),
  },
  {
    id: 'supplier-returns',
    label: 'Supplier returns',
    load: () => import('./screens/supplierReturns/SupplierReturnsScreen.svelte'),
  },
  {
    id: 'credit-notes',
    label: 'Credit notes',
    load: () => import('./screens/creditNotes/CreditNotesScreen.svelte'),
  },
  { id: 'reorder', label: 'Reorder', load: () => import('./screens/reorder/ReorderScreen.svelte') },
  { id: 'suppliers', label: 'Suppliers', load: () => import('./screens/suppliers/SuppliersScreen.svelte') },
  {
    id: 'scorecard',
    label: 'Supplier scorecard',
    load: () => import('./screens/scorecard/ScorecardScreen.svelte'),
  },
  { id: 'customers', label: 'Customers', load: () => import('./screens/customers/CustomersScreen.svelte') },
  { id: 'products', label: 'Products', load: () => import('./screens/products/ProductsScreen.svelte') },
  { id: 'lists', label: 'Lists', load: () => import('./screens/referenceData/ListsScreen.svelte') },
  { id: 'sync', label: 'Sync centre', load: () => import('./screens/sync/SyncCentreScreen.svelte') },
  { id: 'settings', label: 'Settings', load: () => import('./screens/settings/SettingsScreen.svelte') },
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
