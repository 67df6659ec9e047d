/**
 * Writes the chaos run's edits into the store exactly as the renderer would (src/db/outbox.ts enqueue: local
 * edit + op in one transaction), while the worker is stopped. Each scenario queues one op; chains come from
 * later scenarios picking records earlier ones created offline (an invoice on a temp order's temp line, the
 * rename of a temp return reason), whether or not those temp ids have resolved by then.
 *
 * Conflicts are forced the way they happen in life: right after queuing an update, "someone else" changes
 * the same field on the server (through the API, faults off) while the update is the only live op of its
 * aggregate, so the engine's re-read finds both sides changed. The harness later resolves each conflict as
 * the user would, field by field, picking the local or the server value at random.
 */
import { enqueue, type EnqueueInput } from '../../src/db/outbox';
import type { OpRecord } from '../../src/db/ops';
import { setPath } from '../../src/db/paths';
import type { DockhandDb } from '../../src/db/schema';
import { createDexieStore } from '../../src/db/dexieStore';
import type { OperationId } from '../../src/api/endpoints';
import type { ApiClient } from '../../electron/core/api';
import { OP_SPECS } from '../../electron/core/sync/ops';
import type { Expectation, Ledger, MeantToFail } from './ledger';
import type { Random } from './random';
import { unique, type View, type World } from './world';

export interface GenContext {
  db: DockhandDb;
  world: World;
  /**
   * Draws the edits. Only the generator draws from it, and always the same number of times for the same
   * edit, so a seed queues the same edits however fast the machine (and so the worker) is.
   */
  random: Random;
  /** The harness's other choices (the user's pick in a conflict), which depend on what the worker did. */
  choices: Random;
  ledger: Ledger;
  /** Faults off: the harness's own reads and server-side edits must not fail. */
  client: ApiClient;
  /** Chance that an eligible update gets a concurrent server-side edit. */
  conflictRate: number;
}

/** How the harness edits the same record on the server (an update operation and its path parameters). */
export interface ServerEdit {
  operation: Extract<
    OperationId,
    | 'updateCustomer'
    | 'updateSupplier'
    | 'updateSupplierInvoice'
    | 'updateSupplierReturn'
    | 'updateDeliveryAddress'
  >;
  params: Record<string, number>;
}

export type Scenario = (ctx: GenContext) => Promise<boolean>;

type Input = Omit<EnqueueInput, 'label'> & { label?: string };

/**
 * Queues one op (label from its spec, as the sync centre shows it) and records what it should do;
 * `meantToFail` says why the server must refuse it.
 */
export async function emit(
  ctx: GenContext,
  input: Input,
  expectation: Expectation,
  meantToFail?: MeantToFail,
): Promise<OpRecord> {
  const label = input.label ?? OP_SPECS[input.kind].describe({ params: input.params, body: input.body });
  const op = await enqueue(ctx.db, { ...input, label });
  ctx.ledger.record(op, expectation, meantToFail);
  return op;
}

/** A value for a field, unique in the run and within the field's bounds (phones are short). */
export function valueFor(world: World, field: string): string {
  return field === 'phone' ? unique(world, 'P') : unique(world, `chaos ${field} `);
}

async function onlyLiveOp(db: DockhandDb, op: OpRecord): Promise<boolean> {
  const group = await db.outbox.where('aggregate').equals(op.aggregate).toArray();
  return group.filter((o) => o.state !== 'done' && o.state !== 'discarded').length === 1;
}

/**
 * Queues an update of `record` whose base version is the user's view of the fields it sets (the 3-way
 * merge reads no others; a whole record per op would only make the outbox heavy), then updates the view;
 * with `serverEdit`, sometimes changes one of the same fields on the server too.
 */
export async function update(
  ctx: GenContext,
  input: { kind: EnqueueInput['kind']; params: Record<string, number>; body: View },
  record: string,
  serverEdit?: ServerEdit,
): Promise<OpRecord> {
  const view = ctx.world.views.get(record) ?? {};
  const base = Object.fromEntries(Object.keys(input.body).flatMap((k) => (k in view ? [[k, view[k]]] : [])));
  const op = await emit(
    ctx,
    { ...input, baseVersion: structuredClone(base), cacheChanges: [] },
    { type: 'update', record, fields: Object.keys(input.body) },
  );
  ctx.world.views.set(record, { ...view, ...structuredClone(input.body) });
  if (!serverEdit) return op;
  // Drawn whatever the store holds, so the edits that follow do not depend on the worker's pace.
  const wanted = ctx.random.chance(ctx.conflictRate);
  const field = ctx.random.pick(Object.keys(input.body));
  const value = valueFor(ctx.world, field);
  if (wanted && (await onlyLiveOp(ctx.db, op))) {
    const body = { [field]: value };
    await ctx.client.call(serverEdit.operation, { params: serverEdit.params, body } as never);
    ctx.ledger.conflictsForced += 1;
  }
  return op;
}

/** Queues `count` edits, each from a scenario picked by weight (one that finds nothing to do is redrawn). */
export async function generate(
  ctx: GenContext,
  scenarios: readonly (readonly [Scenario, number])[],
  count: number,
): Promise<void> {
  for (let made = 0; made < count;) {
    if (await ctx.random.weighted(scenarios)(ctx)) made += 1;
  }
}

/**
 * Resolves every conflicted op as the user would, a value per field (local or server, at random), and
 * moves the user's view of the record to the chosen values. Returns how many ops were resolved.
 */
export async function resolveConflicts(ctx: GenContext): Promise<number> {
  const port = createDexieStore(ctx.db);
  const { ops } = await port.listOps({ states: ['conflicted'] });
  for (const op of ops) {
    const values: Record<string, unknown> = {};
    for (const conflict of op.conflicts ?? [])
      values[conflict.field] = ctx.choices.chance(0.5) ? conflict.local : conflict.server;
    await port.resolveConflict({ id: op.id, values });
    const expectation = ctx.ledger.entries.get(op.id)?.expectation;
    if (expectation?.type === 'update') {
      let view: unknown = ctx.world.views.get(expectation.record) ?? {};
      for (const [field, value] of Object.entries(values)) view = setPath(view, field, value);
      ctx.world.views.set(expectation.record, view as View);
    }
    ctx.ledger.conflictsResolved += 1;
  }
  return ops.length;
}
