/**
 * The reference lists whose records are nothing but a name (supplier return reasons, shipping ports,
 * shipment types, fixed price groups): what each one is called, which op kinds change it, the contract's
 * bound on its name, and the create and rename every one of them shares. DOM-free, tested over
 * fake-indexeddb (./namedLists.test.ts).
 *
 * A name is checked with the contract's own body schema (src/api/requests/referenceData.ts), so the form
 * never accepts what the server would refuse, and against the names this computer knows: the server keeps
 * live names unique ignoring case (server/README.md, "Parties and reference data"), so a clash is said at
 * the field instead of coming back as a refused change. Each edit is ONE transaction: the op written by the
 * outbox (../outbox.ts) with the cached row it shows.
 */
import type { z } from 'zod';
import {
  FixedPriceGroupCreateSchema,
  ShipmentTypeBodySchema,
  ShippingPortBodySchema,
  SupplierReturnReasonBodySchema,
} from '../../api/requests';
import { newReturnReason } from '../../api/resources';
import type { OpKind, OpRecord } from '../ops';
import type { FormErrors } from '../edits/formRules';
import { inEditTransaction, serverRecordOf } from '../edits/queueEdit';
import { allocateTempId, enqueue } from '../outbox';
import type { DockhandDb, LocalMeta } from '../schema';

export type NamedListId = 'returnReasons' | 'shippingPorts' | 'shipmentTypes' | 'fixedPriceGroups';

export interface NamedList {
  /** Its cache table, also its id. */
  table: NamedListId;
  /** "shipping port": for labels and messages. */
  noun: string;
  /** The contract's `{name}` body for its create (and rename). */
  body: z.ZodObject<{ name: z.ZodString }>;
  create: OpKind;
  /** Absent where the API has no rename (fixed price groups). */
  rename?: OpKind;
  /** The row a create shows at once, in the server's response shape, until the server's answer replaces it. */
  newRow(id: number, name: string, now: string): Record<string, unknown>;
}

export const NAMED_LISTS: Readonly<Record<NamedListId, NamedList>> = {
  returnReasons: {
    table: 'returnReasons',
    noun: 'return reason',
    body: SupplierReturnReasonBodySchema,
    create: 'createSupplierReturnReason',
    rename: 'updateSupplierReturnReason',
    newRow: newReturnReason,
  },
  shippingPorts: {
    table: 'shippingPorts',
    noun: 'shipping port',
    body: ShippingPortBodySchema,
    create: 'createShippingPort',
    rename: 'updateShippingPort',
    newRow: (id, name) => ({ id, name }),
  },
  shipmentTypes: {
    table: 'shipmentTypes',
    noun: 'shipment type',
    body: ShipmentTypeBodySchema,
    create: 'createShipmentType',
    rename: 'updateShipmentType',
    newRow: (id, name) => ({ id, name }),
  },
  fixedPriceGroups: {
    table: 'fixedPriceGroups',
    noun: 'fixed price group',
    body: FixedPriceGroupCreateSchema,
    create: 'createFixedPriceGroup',
    newRow: (id, name, now) => ({ id, name, modified_on: now }),
  },
};

/** The longest name the contract takes for this list (100 for a port, 50 for a shipment type). */
export const nameMax = (list: NamedList): number => list.body.shape.name.maxLength ?? Infinity;

/** A cached `{id, name}` record of one of these lists, with the return reason's soft-delete flag. */
export type NamedRow = { id: number; name: string | null; deleted?: boolean } & LocalMeta;

/** Field errors keyed by form field (`name`), or `$` for the whole form; messages in a clerk's words. */
export type { FormErrors } from '../edits/formRules';

export type NameResult = { ok: true; name: string } | { ok: false; errors: FormErrors };

/** "Shipping port", "Return reason": a noun at the start of a sentence. */
export const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

/**
 * The name as it would be sent, or why not, at the `name` field. Spaces around it are dropped (they would
 * make two names look alike). `others` are the list's cached rows; the record being renamed and deleted
 * reasons do not hold a name (server/README.md), so they never clash.
 */
export function validateName(
  list: NamedList,
  typed: string,
  others: readonly NamedRow[],
  selfId?: number,
): NameResult {
  const name = typed.trim();
  const fail = (message: string): NameResult => ({ ok: false, errors: { name: [message] } });
  if (name === '') return fail(`Give the ${list.noun} a name.`);
  const parsed = list.body.safeParse({ name });
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
    return fail(
      tooLong
        ? `At most ${nameMax(list)} characters (this has ${name.length}). Shorten the name.`
        : 'This name is not accepted.',
    );
  }
  const clash = others.find(
    (row) => row.id !== selfId && !row.deleted && row.name?.toLocaleLowerCase() === name.toLocaleLowerCase(),
  );
  if (clash) return fail(`There is already a ${list.noun} called “${clash.name}”. Choose another name.`);
  return { ok: true, name: parsed.data.name };
}

export type EditResult = { ok: true; op: OpRecord | null; id: number } | { ok: false; errors: FormErrors };

const rowsOf = (db: DockhandDb, list: NamedList) => db.table<NamedRow, number>(list.table).toArray();

/**
 * Queues the list's create and shows the new record at once under a temp id (negative), in one
 * transaction; the engine's answer gives it its server id.
 */
export async function createNamed(
  db: DockhandDb,
  list: NamedList,
  typed: string,
  options: { now?: Date } = {},
): Promise<EditResult> {
  const now = options.now ?? new Date();
  // The outbox's own check failing (it should not, after validateName) is said in the form's summary.
  return inEditTransaction(db, async (): Promise<EditResult> => {
    const valid = validateName(list, typed, await rowsOf(db, list));
    if (!valid.ok) return valid;
    const id = await allocateTempId(db, list.table, { now });
    const op = await enqueue(db, {
      kind: list.create,
      params: {},
      body: { name: valid.name },
      createsTempId: id,
      cacheChanges: [{ table: list.table, put: [list.newRow(id, valid.name, now.toISOString())] }],
      label: `New ${list.noun} ‘${valid.name}’`,
      now,
    });
    return { ok: true, op, id };
  });
}

/**
 * Queues the list's rename with the record as the user saw it (the engine's merge base) and renames the
 * cached row, in one transaction. The same name again writes nothing (`op` null). A deleted return reason
 * cannot be renamed: the server refuses it (409, server/README.md).
 */
export async function renameNamed(
  db: DockhandDb,
  list: NamedList,
  id: number,
  typed: string,
  options: { now?: Date } = {},
): Promise<EditResult> {
  if (!list.rename) return { ok: false, errors: { $: [`A ${list.noun} cannot be renamed.`] } };
  const kind = list.rename;
  return inEditTransaction(db, async (): Promise<EditResult> => {
    const rows = await rowsOf(db, list);
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return { ok: false, errors: { $: [`This ${list.noun} is not on this computer any more.`] } };
    if (row.deleted)
      return {
        ok: false,
        errors: { name: [`A deleted ${list.noun} cannot be renamed: the server keeps it as it was.`] },
      };
    const valid = validateName(list, typed, rows, id);
    if (!valid.ok) return valid;
    if (valid.name === row.name) return { ok: true, op: null, id };
    const base = serverRecordOf(row);
    const op = await enqueue(db, {
      kind,
      params: { id },
      body: { name: valid.name },
      baseVersion: base,
      cacheChanges: [{ table: list.table, put: [{ ...base, name: valid.name }] }],
      label: `Rename ${list.noun} ‘${row.name ?? id}’ to ‘${valid.name}’`,
      now: options.now ?? new Date(),
    });
    return { ok: true, op, id };
  });
}
