/**
 * How many records each dataset holds. `small` is for tests (generated in milliseconds, many simulators per
 * run); `large` is the performance dataset (generated in seconds, 200,000+ purchase order items). Counts not
 * listed here follow from these: invoices from the received orders, credit notes from the finalised returns,
 * product suppliers, inventory and msl from the products.
 */
export interface DatasetSize {
  suppliers: number;
  outlets: number;
  products: number;
  purchaseOrders: number;
  customers: number;
  supplierReturns: number;
  /** Credit notes raised without a supplier return (supplier goodwill, price protection). */
  standaloneCreditNotes: number;
}

export type DatasetName = 'small' | 'large';

export const DATASET_SIZES: Readonly<Record<DatasetName, Readonly<DatasetSize>>> = {
  small: {
    suppliers: 20,
    outlets: 5,
    products: 500,
    purchaseOrders: 200,
    customers: 100,
    supplierReturns: 40,
    standaloneCreditNotes: 4,
  },
  large: {
    suppliers: 2_000,
    outlets: 50,
    products: 20_000,
    purchaseOrders: 10_000,
    customers: 20_000,
    supplierReturns: 2_000,
    standaloneCreditNotes: 150,
  },
};
