/**
 * A fresh database for a test: the app's Dexie database over fake-indexeddb (its own factory, so no test
 * sees another's data), alone or with the validated store port the engine talks to. One home for the setup
 * of every suite that reads or writes the cache.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createDexieStore } from '../dexieStore';
import { DockhandDb } from '../schema';
import { validatedPort, type StorePort } from '../storePort';

let opened = 0;

/** An empty database named after the suite (`name`), a new one each call. */
export const memoryDb = (name: string): DockhandDb =>
  new DockhandDb(`${name}-${++opened}`, { indexedDB: new IDBFactory(), IDBKeyRange });

export function memoryStore(name: string): { db: DockhandDb; store: StorePort } {
  const db = memoryDb(name);
  return { db, store: validatedPort(createDexieStore(db)) };
}
