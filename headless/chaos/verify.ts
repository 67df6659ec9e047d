/**
 * The chaos run's verdict: every queued edit against the simulator's final state (read through its API and
 * its snapshot, faults off). Creates are counted by natural key (external PO id, invoice number, customer
 * number or name, item notes, unique names): more than one is a duplicate, none for a done op is a loss. An
 * update's field must hold the value of the last done op that wrote it (after the user's conflict choices).
 * Deletes must have happened. Record-count deltas catch duplicates no key explains. Receipts are checked
 * against the order lines (./verifyReceipts.ts), and every op's end state against what its scenario meant
 * (./verifyStates.ts).
 */
import type { DockhandDb } from '../../src/db/schema';
import { deepEqual } from '../../electron/core/sync/merge';
import type { Ledger, LedgerEntry } from './ledger';
import type { ServerView } from './serverView';
import type { SimSnapshotView } from './simulator';
import type { OrderLine } from './types';
import type { Checks, Entry } from './verifyChecks';
import { verifyReceipts, type ReceivingCoverage } from './verifyReceipts';
import { judgeStates } from './verifyStates';
import type { World } from './world';

export interface Verdict {
  edits: number;
  applied: number;
  duplicates: number;
  lost: number;
  failed: number;
  /** Failed as the scenario meant (the server refused them), included in `failed`. */
  refused: number;
  /**
   * Ops that ended failed or blocked though nothing meant them to, or that were meant to be refused and
   * were not: any one fails the run.
   */
  unexpected: number;
  /** Not done and not failed at the end: blocked behind a failed op, or never drained. */
  pending: number;
  /**
   * Done ops no check judged (applied, lost or unknown): a verifier with a blind spot. Any one fails the run,
   * since a pass must mean every done op was looked at.
   */
  unchecked: number;
  receiving: ReceivingCoverage;
  problems: string[];
}

type Row = Record<string, unknown>;

/** Map.groupBy is Node 21+; the tools run on Node 20. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** Expected values are checked key by key for objects (a sent `{id}` ref against the stored `{id, name}`). */
function holds(expected: unknown, actual: unknown): boolean {
  if (expected !== null && typeof expected === 'object' && !Array.isArray(expected))
    return Object.entries(expected).every(([k, v]) => holds(v, (actual as Row | null)?.[k]));
  return deepEqual(expected, actual);
}

export async function verify(input: {
  db: DockhandDb;
  ledger: Ledger;
  world: World;
  server: ServerView;
  baseline: SimSnapshotView;
  final: SimSnapshotView;
}): Promise<Verdict> {
  const { db, ledger, world, server, baseline, final } = input;
  const ops = new Map((await db.outbox.toArray()).map((op) => [op.id, op]));
  const temps = new Map((await db.tempIds.toArray()).map((entry) => [entry.tempId, entry.serverId]));
  const serverId = (id: number) => (id > 0 ? id : temps.get(id));
  const entries: Entry[] = [...ledger.entries.values()].map((e) => ({ ...e, op: ops.get(e.opId) }));
  const done = (e: Entry) => e.op?.state === 'done';
  /** Not done, but sent at least once: whether it took effect is unknown, so it proves nothing either way. */
  const maybe = (e: Entry) => !done(e) && (e.op?.attempts ?? 0) > 0;

  /** unknown: done, but checkable only with edits that never finished (links of a product with a failed edit). */
  const outcome = new Map<string, 'applied' | 'lost' | 'unknown'>();
  const problems: string[] = [];
  let duplicates = 0;
  /** Losses no op can be blamed for (a line holding fewer units than before the run). */
  let unowned = 0;
  const lose = (e: Entry, why: string) => {
    outcome.set(e.opId, 'lost');
    problems.push(`lost: ${e.kind} ${e.opId.slice(0, 8)} (${e.op?.label ?? 'not in the outbox'}): ${why}`);
  };
  const apply = (e: Entry) => outcome.get(e.opId) ?? outcome.set(e.opId, 'applied');
  /** Applied when `ok`, else lost for `why`. */
  const judge = (e: Entry, ok: boolean, why: string) => (ok ? apply(e) : lose(e, why));
  const unknown = (e: Entry) => outcome.get(e.opId) ?? outcome.set(e.opId, 'unknown');
  const duplicate = (n: number, why: string) => {
    if (n <= 0) return;
    duplicates += n;
    problems.push(`duplicate ×${n}: ${why}`);
  };
  const of = <T extends LedgerEntry['expectation']['type']>(type: T) =>
    entries.filter(
      (e): e is Entry & { expectation: Extract<LedgerEntry['expectation'], { type: T }> } =>
        e.expectation.type === type,
    );
  const countDelta = (name: string, attributed: number, what: string) =>
    duplicate(
      (final.counts[name] ?? 0) - (baseline.counts[name] ?? 0) - attributed,
      `${what} no edit accounts for`,
    );

  for (const e of entries) if (!e.op) lose(e, 'the op vanished from the outbox');

  // Orders and their lines: a done line delete must have removed its line, and nothing else may be missing.
  const deletes = new Map<OrderLine, Entry>(of('deleteLine').map((e) => [e.expectation.line, e]));
  let orders = 0;
  for (const e of of('createOrder')) {
    const { order, externalId } = e.expectation;
    const found = final.purchaseOrders[externalId] ?? [];
    orders += found.length;
    duplicate(found.length - 1, `purchase order ${externalId}`);
    if (!done(e)) continue;
    if (!found.length) {
      lose(e, `no purchase order with external id ${externalId}`);
      continue;
    }
    const left = found[0]!.items.map((item) => `${item.product_id}×${item.quantity_ordered}`);
    for (const line of order.lines) {
      const at = left.indexOf(`${line.product}×${line.qty}`);
      if (at >= 0) left.splice(at, 1);
      const deletion = deletes.get(line);
      if (deletion && done(deletion)) {
        if (at >= 0) lose(deletion, `line ${line.product}×${line.qty} is still on ${externalId}`);
        else apply(deletion);
      } else if (at < 0 && !(deletion && maybe(deletion)))
        lose(e, `line ${line.product}×${line.qty} missing from ${externalId}`);
    }
    if (left.length) lose(e, `unexpected lines ${left.join(', ')} on ${externalId}`);
    apply(e);
  }
  countDelta('purchaseOrders', orders, 'purchase orders');

  const receiving = await verifyReceipts({
    entries,
    done,
    serverId,
    server,
    lose,
    apply,
    duplicate,
    loseUnowned: (why) => {
      unowned += 1;
      problems.push(`lost: ${why}`);
    },
    world,
    baseline,
    final,
  });

  let items = 0;
  for (const e of of('createItem')) {
    const { returnId, notes } = e.expectation;
    const found = (await server.returnItems(returnId)).filter(
      (item) => item.supplier_return_item_notes === notes,
    );
    items += found.length;
    duplicate(found.length - 1, `return item "${notes}" on return ${returnId}`);
    if (done(e)) judge(e, found.length > 0, `no item "${notes}" on return ${returnId}`);
  }
  countDelta('supplierReturnItems', items, 'supplier return items');

  let customers = 0;
  for (const e of of('createCustomer')) {
    const found = await server.customers(e.expectation);
    customers += found.length;
    duplicate(found.length - 1, `customer ${e.expectation.number ?? e.expectation.lastName}`);
    if (done(e)) judge(e, found.length > 0, `no customer ${e.expectation.number ?? e.expectation.lastName}`);
  }
  countDelta('customers', customers, 'customers');

  let suppliersDeleted = 0;
  for (const e of of('deleteSupplier').filter(done)) {
    suppliersDeleted += 1;
    judge(e, !(await server.record('supplier', e.expectation.id)), 'the supplier still exists');
  }
  countDelta('suppliers', -suppliersDeleted, 'suppliers');

  await verifyFields({ entries, done, serverId, server, lose, apply });
  await verifyNamed({ entries, done, serverId, server, lose, apply, duplicate, baseline, final });
  await verifyLinks({ entries, done, serverId, world, server, lose, apply, unknown, problems });

  const states = judgeStates(entries, problems);
  const unchecked = entries.filter((e) => done(e) && !outcome.has(e.opId));
  for (const e of unchecked)
    problems.push(
      `unchecked: ${e.kind} ${e.opId.slice(0, 8)} (${e.op?.label}): done, but no check judged it`,
    );
  return {
    edits: ledger.size,
    applied: [...outcome.values()].filter((o) => o === 'applied').length,
    duplicates,
    lost: [...outcome.values()].filter((o) => o === 'lost').length + unowned,
    ...states,
    unchecked: unchecked.length,
    receiving,
    problems,
  };
}

/** Writers of each record's fields: updates, and named creates for `name`. The last done one must hold. */
async function verifyFields({ entries, done, serverId, server, lose, apply }: Checks) {
  const writers = new Map<string, Map<string, Entry[]>>();
  const add = (record: string, field: string, e: Entry) => {
    const fields = writers.get(record) ?? new Map<string, Entry[]>();
    fields.set(field, [...(fields.get(field) ?? []), e]);
    writers.set(record, fields);
  };
  const deleted = new Set<string>();
  for (const e of entries) {
    const x = e.expectation;
    if (x.type === 'update') for (const field of x.fields) add(x.record, field, e);
    if (x.type === 'createNamed') add(`${x.named.resource}:${x.named.tempId}`, 'name', e);
    if (x.type === 'deleteSupplier' && done(e)) deleted.add(`supplier:${x.id}`);
    if (x.type === 'deleteNamed' && done(e)) deleted.add(`${x.named.resource}:${x.named.tempId}`);
  }
  for (const [record, fields] of writers) {
    const [resource, rawId, sub] = record.split(':');
    const id = serverId(Number(rawId));
    const all = [...fields.values()].flat();
    if (id === undefined) {
      for (const e of all.filter(done)) lose(e, `${record} never got a server id`);
      continue;
    }
    const row = await server.record(resource!, id, sub === undefined ? undefined : Number(sub));
    if (!row) {
      for (const e of all.filter(done)) {
        if (deleted.has(record)) apply(e);
        else lose(e, `${record} (#${id}) is gone`);
      }
      continue;
    }
    for (const [field, list] of fields) {
      const ordered = [...list].sort((a, b) => (a.op?.seq ?? 0) - (b.op?.seq ?? 0));
      const last = ordered.at(-1)!;
      for (const e of ordered.slice(0, -1).filter(done)) apply(e);
      if (!done(last)) continue;
      const expected = (last.op!.body as Row)[field];
      if (holds(expected, row[field])) apply(last);
      else
        lose(
          last,
          `${record}.${field} is ${JSON.stringify(row[field])}, expected ${JSON.stringify(expected)}`,
        );
    }
  }
}

/** Named creates exactly once (by the run's unique names), deletes done, nothing extra with the run's prefix. */
async function verifyNamed(
  checks: Checks & {
    duplicate(n: number, why: string): void;
    baseline: SimSnapshotView;
    final: SimSnapshotView;
  },
): Promise<void> {
  const { entries, done, serverId, server, lose, apply, duplicate } = checks;
  const creates = entries.filter((e) => e.expectation.type === 'createNamed');
  const named = (e: Entry) => (e.expectation as Extract<Entry['expectation'], { type: 'createNamed' }>).named;
  // Every name the run gave a record (created or renamed to): each may be held once, by one record.
  const given = new Set<string>();
  for (const e of entries) {
    const body = e.op?.body as Row | undefined;
    const x = e.expectation;
    if (
      (x.type === 'createNamed' || (x.type === 'update' && x.fields.includes('name'))) &&
      typeof body?.name === 'string'
    )
      given.add(body.name.toLowerCase());
  }
  for (const resource of ['returnReason', 'shipmentType', 'fixedPriceGroup'] as const) {
    const rows = await server.namedByPrefix(resource);
    const byName = groupBy(rows, (row) => String(row.name).toLowerCase());
    for (const [name, same] of byName) duplicate(same.length - 1, `${resource} named "${name}"`);
    duplicate(
      rows.filter((row) => !given.has(String(row.name).toLowerCase())).length,
      `${resource} with names no edit gave`,
    );
    const ours = creates.filter((e) => named(e).resource === resource).length;
    duplicate(rows.length - ours, `${resource} records beyond the ${ours} the run created`);
  }
  // Shipping ports cannot be listed: the count must move by the run's ports that exist (or may, when sent).
  let ports = 0;
  for (const e of creates.filter((c) => named(c).resource === 'shippingPort')) {
    const id = serverId(named(e).tempId);
    if (
      (id !== undefined && (await server.record('shippingPort', id))) ||
      (id === undefined && (e.op?.attempts ?? 0) > 0)
    )
      ports += 1;
  }
  const delta = (checks.final.counts.shippingPorts ?? 0) - (checks.baseline.counts.shippingPorts ?? 0);
  duplicate(delta - ports, 'shipping ports no edit accounts for');

  for (const e of entries.filter(done)) {
    if (e.expectation.type !== 'deleteNamed') continue;
    const { resource, tempId } = e.expectation.named;
    const row = await server.record(resource, serverId(tempId)!);
    const gone = resource === 'returnReason' ? row?.deleted === true : row === null;
    if (gone) apply(e);
    else lose(e, `${resource} ${tempId} was not deleted`);
  }
}

/** Product supplier links: the product's links before the run with its done edits replayed, in order. */
async function verifyLinks(checks: Checks & { world: World; problems: string[]; unknown(e: Entry): void }) {
  const { entries, done, world, server, lose, apply, unknown, problems } = checks;
  const byProduct = groupBy(
    entries.filter((e) => e.expectation.type === 'links'),
    (e) => (e.expectation as { productId: number }).productId,
  );
  for (const [productId, list] of byProduct) {
    if (!list.every(done)) {
      problems.push(`product ${productId}: links not checked, some of their edits are not done`);
      list.filter(done).forEach(unknown);
      continue;
    }
    const expected = new Map(
      (world.initialLinks.get(productId) ?? []).map((l) => [String(l.supplier_code), { ...l }]),
    );
    const writer = new Map<string, Entry>();
    let cleared: Entry | undefined;
    for (const e of [...list].sort((a, b) => a.op!.seq! - b.op!.seq!)) {
      if (e.kind === 'deleteProductSuppliers') {
        expected.clear();
        cleared = e;
        continue;
      }
      for (const item of e.op!.body as Row[]) {
        const code = String(item.supplier_code);
        expected.set(code, { ...expected.get(code), ...item });
        writer.set(code, e);
      }
    }
    const actual = new Map((await server.links(productId)).map((l) => [String(l.supplier_code), l]));
    const blame = new Set<Entry>();
    for (const [code, link] of expected) {
      const row = actual.get(code);
      const fields = ['notes', 'lead_time'].filter((k) => link[k] !== undefined);
      if (!row || !fields.every((k) => deepEqual(link[k], row[k]))) {
        const e = writer.get(code) ?? list.at(-1)!;
        blame.add(e);
        lose(
          e,
          `product ${productId} link ${code}: ${row ? `notes ${JSON.stringify(row.notes)}` : 'missing'}`,
        );
      }
    }
    for (const code of actual.keys())
      if (!expected.has(code)) {
        const e = cleared ?? list.at(-1)!;
        blame.add(e);
        lose(e, `product ${productId} still links ${code}`);
      }
    for (const e of list) if (!blame.has(e)) apply(e);
  }
}
