/**
 * One customer as its page reads it from the cache: the record, its live queued changes (a failure or
 * conflict is explained on the page), its badge, and where a customer made here went once the server
 * numbered it (the temp id's server id). Also the choices its forms offer.
 */
import type { OpRecord } from '../ops';
import type { OrderBadge } from '../recordBadge';
import { badgeAmong, groupOf, recordOps } from '../recordOps';
import type { DockhandDb } from '../schema';
import { customerKeys, type CachedCustomer } from './customerIndex';
import type { Choice } from './customerList';

export interface CustomerDetail {
  customer: CachedCustomer | null;
  /** Live queued changes of the customer (its FIFO group), oldest first. */
  ops: OpRecord[];
  badge: OrderBadge | null;
  /** A customer made here and since created on the server: its server id (the page follows it). */
  movedTo: number | null;
}

export async function loadCustomer(db: DockhandDb, id: number): Promise<CustomerDetail> {
  return db.transaction('r', db.customers, db.outbox, db.tempIds, async () => {
    const customer = (await db.customers.get(id)) ?? null;
    // Create, updates and address edits share the customer's group.
    const ops = await recordOps(db, groupOf('updateCustomer'), id);
    const moved = id < 0 && !customer ? ((await db.tempIds.get(id))?.serverId ?? null) : null;
    return {
      customer,
      ops,
      badge: customer ? badgeAmong(customer._pendingOps, ops) : null,
      movedTo: moved,
    };
  });
}

export interface CustomerChoices {
  types: Choice[];
  outlets: Choice[];
  /** Standard and fixed price groups, labelled with their kind. */
  priceGroups: (Choice & { type: 'Standard' | 'Fixed' })[];
  /** Sales channels as the cached customers name them (the API gives them by id only). */
  salesChannels: Choice[];
}

const byLabel = (a: Choice, b: Choice) => a.label.localeCompare(b.label);

/**
 * What the forms offer: customer types as cached customers name them (the API has no list of types),
 * outlets from the cache and as customers name them, the price group lists, and sales channel ids.
 */
export async function customerChoices(db: DockhandDb): Promise<CustomerChoices> {
  const keys = [...(await customerKeys(db)).values()];
  const [outletRows, standard, fixed] = await Promise.all([
    db.outlets.toArray(),
    db.standardPriceGroups.toArray(),
    db.fixedPriceGroups.toArray(),
  ]);
  const types = new Map<number, string>();
  const outlets = new Map<number, string>(outletRows.map((o) => [o.id, o.name ?? `Outlet ${o.id}`]));
  const channels = new Set<number>();
  for (const entry of keys) {
    if (!types.has(entry.type.id)) types.set(entry.type.id, entry.type.name || `Type ${entry.type.id}`);
    if (!outlets.has(entry.outlet.id))
      outlets.set(entry.outlet.id, entry.outlet.name || `Outlet ${entry.outlet.id}`);
    for (const channel of entry.salesChannels) channels.add(channel);
  }
  const choices = (map: Map<number, string>) =>
    [...map].map(([value, label]) => ({ value, label })).sort(byLabel);
  // A request names a price group by id alone, and standard and fixed groups number their ids separately:
  // the server looks an id up among standard groups first (server/domain/parties/customerBody.ts), so a
  // fixed group sharing a standard group's id could not be chosen, and is not offered.
  const standardIds = new Set(standard.map((group) => group.id));
  return {
    types: choices(types),
    outlets: choices(outlets),
    priceGroups: [
      ...standard.map((group) => ({
        value: group.id,
        label: group.name ?? `Price group ${group.id}`,
        type: 'Standard' as const,
      })),
      ...fixed
        .filter((group) => !standardIds.has(group.id))
        .map((group) => ({
          value: group.id,
          label: `${group.name ?? `Price group ${group.id}`} (fixed)`,
          type: 'Fixed' as const,
        })),
    ].sort(byLabel),
    salesChannels: [...channels].sort((a, b) => a - b).map((id) => ({ value: id, label: `Channel ${id}` })),
  };
}
