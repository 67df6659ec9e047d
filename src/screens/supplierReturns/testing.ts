/**
 * Where the return screens' component tests start: a fresh database holding return 8001 (Acme Apparel's,
 * supplier 41) and return reason 5 ("Damaged in transit"). Each test adds the products and links it is about.
 */
import {
  sampleSupplier,
  sampleSupplierReturn,
  sampleSupplierReturnReason,
} from '../../api/resources/fixtures';
import { DockhandDb } from '../../db/schema';

export async function returnDb(name: string): Promise<DockhandDb> {
  const db = new DockhandDb(`${name}-${Date.now()}`);
  await db.supplierReturns.put(sampleSupplierReturn());
  await db.suppliers.put({ ...sampleSupplier(), id: 41 });
  await db.returnReasons.put({ ...sampleSupplierReturnReason(), id: 5 });
  return db;
}
