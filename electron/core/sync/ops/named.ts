/**
 * The `{name}` resources (return reasons, shipping ports, shipment types, fixed price groups): their create,
 * rename and delete differ only in the table, the noun and how a name is looked up, so one factory builds
 * them. The server keeps live names unique ignoring case, which makes the name the natural key of a create.
 */
import type { z } from 'zod';
import type { OperationId } from '../../../../src/api/endpoints';
import type { CacheWrite } from '../../../../src/db/cacheWrites';
import { opCatalog } from '../../../../src/db/opCatalog';
import type { OpKind, OpRecord } from '../../../../src/db/ops';
import type { CacheTable } from '../../../../src/db/schema';
import type { OpRunContext, ReconcileOutcome } from '../opKind';
import { put, remove, replacingTemp } from './cache';
import { createSpec, deleteSpec, updateSpec } from './factories';
import { idText, quoted } from './labels';
import { decide } from './reconcile';
import type { BodyOf, OpSpec, Payload } from './spec';

export interface Named {
  id: number | null;
  name: string | null;
}

export interface NamedResource<R extends Named> {
  /** For labels: "shipping port". */
  noun: string;
  table: CacheTable;
  /** The record as the API answers it. */
  schema: z.ZodType<R>;
  /** Decides an uncertain create of a record with this name. */
  reconcileCreate(context: OpRunContext, name: string): Promise<ReconcileOutcome>;
  /** The record by id, for renames' 3-way merge; absent when the API has neither read nor rename. */
  read?(context: OpRunContext, id: number): Promise<R>;
}

type NameBody = { name: string };
/** An op kind that is also the operation it sends, and whose body is `{name}` (checked when compiling). */
type NameKind<K extends OpKind> = K extends OperationId ? (BodyOf<K> extends NameBody ? K : never) : never;

/**
 * The catalog's payload schema of a `{name}` op, typed for these builders: the kind is generic here, so the
 * compiler cannot look its payload up (NameKind and the catalog's params are checked where each is built).
 */
const namePayload = <N extends string, B>(kind: OpKind) =>
  opCatalog(kind).payload as unknown as z.ZodType<Payload<N, B>>;

export const sameName = (a: string | null, b: string) => a?.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * A reconciliation for resources the API can list: the live record holding the name is the attempt's. A
 * record that held it before the attempt is the one the user meant too (the create could not have made a
 * second), so no time window applies.
 */
export const byName =
  <R extends Named>(noun: string, list: (context: OpRunContext, name: string) => Promise<R[]>) =>
  async (context: OpRunContext, name: string): Promise<ReconcileOutcome> =>
    decide(
      (await list(context, name)).filter((record) => sameName(record.name, name)),
      `${noun}s named ${quoted(name)}`,
    );

function withId<R extends Named>(record: R): R & { id: number } {
  if (record.id === null)
    throw new Error(`The server answered a record without an id: ${JSON.stringify(record)}`);
  return record as R & { id: number };
}

/** Builders for one resource's op specs; each takes its op kind, which is also the operation it sends. */
export function namedOps<R extends Named>(resource: NamedResource<R>) {
  const rows = (record: R): CacheWrite[] => [put(resource.table, [withId(record)])];

  return {
    create: <K extends OpKind>(kind: K & NameKind<K>): OpSpec<K> =>
      createSpec({
        kind,
        payload: namePayload<never, NameBody>(kind),
        label: ({ body }) => `New ${resource.noun} ${quoted(body.name)}`,
        result: resource.schema,
        rows: (record, op) => [replacingTemp(resource.table, op, withId(record))],
        idOf: (record) => record.id ?? undefined,
        reconcile: (context, { body }) => resource.reconcileCreate(context, body.name),
      }),

    update: <K extends OpKind>(kind: K & NameKind<K>): OpSpec<K> =>
      updateSpec({
        kind,
        payload: namePayload<'id', NameBody>(kind),
        label: ({ params, body }) => `Rename ${resource.noun} ${idText(params.id)} to ${quoted(body.name)}`,
        result: resource.schema,
        rows,
        current: (context, { params }) => {
          if (!resource.read) throw new Error(`A ${resource.noun} cannot be read by id`);
          return resource.read(context, params.id);
        },
      }),

    /** `cacheRows` says what a 204 leaves in the cache: a hard delete removes the row (the default). */
    delete: <K extends OpKind>(
      kind: K & OperationId,
      cacheRows: (op: OpRecord, id: number) => CacheWrite[] = (_op, id) => [remove(resource.table, [id])],
    ): OpSpec<K> =>
      deleteSpec({
        kind,
        payload: namePayload<'id', undefined>(kind),
        label: ({ params }) => `Delete ${resource.noun} ${idText(params.id)}`,
        rows: (op, { params }) => cacheRows(op, params.id),
      }),
  };
}
