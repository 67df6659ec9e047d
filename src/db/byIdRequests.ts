/**
 * Records the user asked for by id that the cache does not hold yet ("open supplier 123", "open return
 * 400017"). The API serves suppliers, outlets, supplier returns and shipping ports only by id, and the sync
 * engine fetches those it finds referenced by pulled records (electron/core/sync/pull/byId.ts). A request
 * made here is one more reference: it waits in `meta` (so it survives a restart while offline), the engine's
 * next pull reads it through the store port's `requestedById` and fetches the record, and storing the fetched
 * row settles it. A 404 on that fetch is stored as a delete of the id, which marks the request "not found"
 * so the screen can say so instead of waiting for ever.
 *
 * The references pulled list pages name are kept here too, apart from the user's requests (their own key
 * prefix, `byIdRef:`): a page stores them in the transaction that stores its cursor (./dexiePull.ts), so a
 * run killed after some pages were stored leaves their references for the next run's by-id step, which
 * would otherwise never hear of them (the resumed run skips those pages). They are not the user's: the
 * screens' "asked for" lists (`waitingByIdRequests`, `byIdRequest`) never show them. Storing the record,
 * its delete after a 404, or the by-id step finding it fresh (`forgetPulledRefs`) clears them.
 */
import { z } from 'zod';
import type { CacheWrite } from './cacheWrites';
import type { DockhandDb } from './schema';
import { BY_ID_TABLES, ByIdRefSchema } from './storePort';

export { BY_ID_TABLES };
export type ByIdTable = (typeof BY_ID_TABLES)[number];

const PREFIX = 'byIdRequest:';
const keyOf = (table: ByIdTable, id: number) => `${PREFIX}${table}:${id}`;
const REF_PREFIX = 'byIdRef:';
const refKeyOf = (table: ByIdTable, id: number) => `${REF_PREFIX}${table}:${id}`;

export type ByIdRef = z.infer<typeof ByIdRefSchema>;
/** A pulled reference as kept in `meta`: when the page that named it was stored. */
const PulledRefSchema = ByIdRefSchema.extend({ at: z.iso.datetime() });

export const ByIdRequestSchema = z.strictObject({
  table: z.enum(BY_ID_TABLES),
  id: z.number().int().positive(),
  requestedAt: z.iso.datetime(),
  /** waiting: not fetched yet; notFound: the server answered 404 (checkedAt says when). */
  state: z.enum(['waiting', 'notFound']),
  checkedAt: z.iso.datetime().optional(),
});
export type ByIdRequest = z.infer<typeof ByIdRequestSchema>;

const isByIdTable = (table: string): table is ByIdTable =>
  (BY_ID_TABLES as readonly string[]).includes(table);

/**
 * Asks for `table`/`id` to be fetched by the next pull. Asking again after a "not found" asks again (the
 * record may have been made since).
 */
export async function requestById(
  db: DockhandDb,
  table: ByIdTable,
  id: number,
  now: Date = new Date(),
): Promise<ByIdRequest> {
  const request: ByIdRequest = { table, id, requestedAt: now.toISOString(), state: 'waiting' };
  await db.meta.put({ key: keyOf(table, id), value: request });
  return request;
}

/** The request for one record, or null when none is open (never asked, or the record arrived). */
export async function byIdRequest(db: DockhandDb, table: ByIdTable, id: number): Promise<ByIdRequest | null> {
  const entry = await db.meta.get(keyOf(table, id));
  const parsed = ByIdRequestSchema.safeParse(entry?.value);
  return parsed.success ? parsed.data : null;
}

/** Every request still waiting for a fetch, oldest first (what the engine's next pull reads). */
export async function waitingByIdRequests(db: DockhandDb): Promise<ByIdRequest[]> {
  const entries = await db.meta.where('key').startsWith(PREFIX).toArray();
  return entries
    .map((entry) => ByIdRequestSchema.safeParse(entry.value))
    .flatMap((parsed) => (parsed.success && parsed.data.state === 'waiting' ? [parsed.data] : []))
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt));
}

/**
 * Keeps the references a pulled page named until the by-id step deals with them; call inside the
 * transaction that stores the page's cursor (with `meta`), so a stored page always has its references kept.
 */
export async function keepPulledRefs(db: DockhandDb, refs: readonly ByIdRef[], at: string): Promise<void> {
  if (!refs.length) return;
  await db.meta.bulkPut(
    refs.map(({ table, id }) => ({ key: refKeyOf(table, id), value: { table, id, at } })),
  );
}

/** The references pulled pages named that no by-id step has dealt with yet. */
export async function pulledRefs(db: DockhandDb): Promise<ByIdRef[]> {
  const entries = await db.meta.where('key').startsWith(REF_PREFIX).toArray();
  return entries.flatMap((entry) => {
    const parsed = PulledRefSchema.safeParse(entry.value);
    return parsed.success ? [{ table: parsed.data.table, id: parsed.data.id }] : [];
  });
}

/** Clears pulled references the by-id step has dealt with (fetched, or found fresh in the cache). */
export async function forgetPulledRefs(db: DockhandDb, refs: readonly ByIdRef[]): Promise<void> {
  if (refs.length) await db.meta.bulkDelete(refs.map(({ table, id }) => refKeyOf(table, id)));
}

/**
 * Settles the requests a pulled write answers; call inside the transaction that applies it (with `meta`).
 * A put of the record closes its request; a delete of its id (the fetch answered 404) marks it not found.
 * Either clears the pulled references to it.
 */
export async function settleByIdRequests(db: DockhandDb, write: CacheWrite, at: string): Promise<void> {
  const { table } = write;
  if (!isByIdTable(table)) return;
  const putIds = (write.put ?? []).flatMap((row) => {
    const id = (row as { id?: unknown }).id;
    return typeof id === 'number' ? [id] : [];
  });
  const deleted = (write.delete ?? []).filter((key): key is number => typeof key === 'number');
  const settled = [
    ...putIds.map((id) => keyOf(table, id)),
    ...[...putIds, ...deleted].map((id) => refKeyOf(table, id)),
  ];
  if (settled.length) await db.meta.bulkDelete(settled);
  if (!deleted.length) return;
  const keys = deleted.map((id) => keyOf(table, id));
  const entries = await db.meta.bulkGet(keys);
  const notFound = entries.flatMap((entry) => {
    const parsed = ByIdRequestSchema.safeParse(entry?.value);
    if (!entry || !parsed.success) return [];
    return [{ key: entry.key, value: { ...parsed.data, state: 'notFound', checkedAt: at } }];
  });
  if (notFound.length) await db.meta.bulkPut(notFound);
}
