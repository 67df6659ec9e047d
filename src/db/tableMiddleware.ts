/**
 * A Dexie DBCore middleware that changes what some table methods do and passes everything else down: the
 * frame the headless store's SQLite paths and write refusal (headless/store) and the tests' work counters
 * are written in, so each states only the methods it replaces.
 */
import type { DBCore, DBCoreTable, Middleware } from 'dexie';

export function tableMiddleware(
  name: string,
  override: (table: DBCoreTable, tableName: string) => Partial<DBCoreTable>,
  level?: number,
): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name,
    ...(level === undefined ? {} : { level }),
    create: (down) => ({
      ...down,
      table(tableName) {
        const table = down.table(tableName);
        return { ...table, ...override(table, tableName) };
      },
    }),
  };
}
