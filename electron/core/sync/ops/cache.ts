/**
 * Cache writes as the specs produce them: the server's record replaces what the local edit showed. Rows are
 * stored in their response shape (src/db/schema.ts), so most writes are a plain put.
 */
import type { CacheKey, CacheWrite } from '../../../../src/db/cacheWrites';
import type { OpRecord } from '../../../../src/db/ops';
import type { CacheTable } from '../../../../src/db/schema';

export const put = (table: CacheTable, rows: unknown[]): CacheWrite => ({ table, put: rows });

export const remove = (table: CacheTable, keys: CacheKey[]): CacheWrite => ({ table, delete: keys });

/**
 * A created record replaces the offline row it was shown as. The engine also rewrites the temp id in cached
 * rows; deleting the temp key here makes the outcome the same whichever of the two runs first.
 */
export function replacingTemp(table: CacheTable, op: Pick<OpRecord, 'createsTempId'>, row: { id: number }) {
  const temp = op.createsTempId;
  return temp !== undefined && temp !== row.id ? { table, put: [row], delete: [temp] } : put(table, [row]);
}
