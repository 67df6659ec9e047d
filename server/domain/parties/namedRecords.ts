/**
 * One implementation of the reference records whose whole request body is `{name}`: supplier return reasons,
 * shipping ports, shipment types and fixed price groups (/supplierreturnreasons, /shippingports,
 * /shipmenttypes, /pricegroups/fixed). They differ only in the timestamps a record carries and whether it can
 * be soft-deleted, so each resource passes those in and everything else (ids, 404s, the unique-name rule)
 * lives here once.
 */
import { conflict } from '../../errors';
import { nextId, type SimState } from '../../state';
import { ok, type HandlerContext, type HandlerResult } from '../context';
import { found, idParam } from '../checks';
import { stamp } from './shared';

export type NamedMapKey = 'returnReasons' | 'shippingPorts' | 'shipmentTypes' | 'fixedPriceGroups';
export type RecordOf<K extends NamedMapKey> = SimState[K] extends Map<number, infer R> ? R : never;
/** What every one of them has; spelled out because TypeScript cannot see it through RecordOf<K>. */
type Named = { id: number | null; name: string | null };

export interface NamedRecordSpec<K extends NamedMapKey> {
  /** The state map, which is also the id sequence (`nextId(state, map)`). */
  map: K;
  /** How a 404 or 409 names the resource: "shipping port". */
  what: string;
  /** A new record; `now` is the write's ISO timestamp, for records that carry one. */
  create(id: number, name: string, now: string): RecordOf<K>;
  /** The renamed copy of a record. */
  rename(record: RecordOf<K>, name: string, now: string): RecordOf<K>;
  /** For soft-deletable records: a deleted one no longer holds its name and refuses renames (409). */
  isDeleted?(record: RecordOf<K>): boolean;
}

type Ctx = Pick<HandlerContext, 'state' | 'now'>;
type WithParams = { params: Record<string, unknown> };
type WithName = { body: { name: string } };

export interface NamedRecordHandlers<K extends NamedMapKey> {
  create(ctx: Ctx & WithName): HandlerResult;
  get(ctx: Ctx & WithParams): HandlerResult;
  update(ctx: Ctx & WithParams & WithName): HandlerResult;
  /** The record the path names, or a 404: for the routes a resource adds itself (delete). */
  find(ctx: Ctx & WithParams): RecordOf<K>;
  /** Every stored record, for searches. */
  all(state: SimState): RecordOf<K>[];
}

export function namedRecords<K extends NamedMapKey>(spec: NamedRecordSpec<K>): NamedRecordHandlers<K> {
  const map = (state: SimState) => state[spec.map] as Map<number, RecordOf<K>>;
  const find = (ctx: Ctx & WithParams) => found(map(ctx.state), idParam(ctx.params), spec.what);

  /**
   * Names are unique (case-insensitively) among live records of one kind: they are what a picker shows, and
   * the sync engine finds a create whose response was lost by its name, which only works if the name is a key.
   */
  function assertNameFree(state: SimState, name: string, self?: number) {
    const wanted = name.toLocaleLowerCase();
    for (const record of map(state).values() as Iterable<RecordOf<K> & Named>) {
      if (record.id === self || spec.isDeleted?.(record)) continue;
      if (record.name?.toLocaleLowerCase() === wanted)
        throw conflict(`A ${spec.what} named "${record.name}" already exists (id ${String(record.id)})`);
    }
  }

  return {
    create(ctx) {
      assertNameFree(ctx.state, ctx.body.name);
      const id = nextId(ctx.state, spec.map);
      const record = spec.create(id, ctx.body.name, stamp(ctx));
      map(ctx.state).set(id, record);
      return ok(record);
    },
    get: (ctx) => ok(find(ctx)),
    update(ctx) {
      const current = find(ctx);
      const id = idParam(ctx.params);
      // A deleted record is still readable (so clients can reconcile it) but no longer editable.
      if (spec.isDeleted?.(current))
        throw conflict(`${capitalise(spec.what)} ${id} is deleted and cannot be renamed`);
      assertNameFree(ctx.state, ctx.body.name, id);
      const record = spec.rename(current, ctx.body.name, stamp(ctx));
      map(ctx.state).set(id, record);
      return ok(record);
    },
    find,
    all: (state) => [...map(state).values()],
  };
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
