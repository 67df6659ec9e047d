/**
 * A fresh store for a test: the app's Dexie database over fake-indexeddb (its own factory, so no test sees
 * another's data) and the validated store port the engine talks to. One home for the store suites' setup.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createDexieStore } from '../dexieStore';
import { DockhandDb } from '../schema';
import { validatedPort, type StorePort } from '../storePort';

let opened = 0;

export function memoryStore(name: string): { db: DockhandDb; store: StorePort } {
  const db = new DockhandDb(`${name}-${++opened}`, { indexedDB: new IDBFactory(), IDBKeyRange });
  return { db, store: validatedPort(createDexieStore(db)) };
}
