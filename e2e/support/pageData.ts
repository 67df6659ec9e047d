/**
 * Reads what the renderer keeps in the browser (IndexedDB, localStorage, sessionStorage) from inside the
 * page, with the browser's own APIs, so the specs check what is really stored in either host.
 */
import type { Page } from '@playwright/test';

/** Every IndexedDB database, object store and record, plus both web storages, as one JSON text. */
export async function browserStorageDump(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const readAll = (db: IDBDatabase, store: string) =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store, 'readonly').objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as unknown[]);
        request.onerror = () => reject(request.error ?? new Error('getAll failed'));
      });
    const open = (name: string) =>
      new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('open failed'));
      });
    const databases: Record<string, Record<string, unknown[]>> = {};
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const db = await open(info.name);
      databases[info.name] = {};
      for (const store of Array.from(db.objectStoreNames))
        databases[info.name]![store] = await readAll(db, store);
      db.close();
    }
    const storage = (s: Storage) => Object.fromEntries(Object.entries(s));
    return JSON.stringify({ databases, local: storage(localStorage), session: storage(sessionStorage) });
  });
}

/** Records of one table of the app's (only) Dexie database. */
export async function tableRows<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(async (tableName) => {
    const [info] = (await indexedDB.databases()).filter((d) => d.name?.startsWith('dockhand'));
    if (!info?.name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(info.name!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('open failed'));
    });
    try {
      if (!db.objectStoreNames.contains(tableName)) return [];
      return await new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(tableName, 'readonly').objectStore(tableName).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error ?? new Error('getAll failed'));
      });
    } finally {
      db.close();
    }
  }, table);
}
