/**
 * Finding and rewriting temp-id references in op payloads and cache rows. A reference is a number under a
 * key named `id` or ending in `_id` (which covers nested `{id}` refs such as `supplier: {id: -3}` and fields
 * such as `purchase_order_item_id`). Temp ids are negative and allocated from one counter for every entity,
 * so a negative number under such a key names exactly one offline record and no server id is ever touched.
 */

export function isIdKey(key: string): boolean {
  return key === 'id' || key.endsWith('_id');
}

/** Every temp id (negative number under an id key) in a value, in first-seen order. */
export function tempIdsIn(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) {
    for (const item of value) tempIdsIn(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (isIdKey(key) && typeof inner === 'number' && inner < 0) {
        if (!found.includes(inner)) found.push(inner);
      } else tempIdsIn(inner, found);
    }
  }
  return found;
}

/** A copy of `value` with every temp id in `map` replaced by its server id; `changed` tells whether any was. */
export function remapTempIds<T>(value: T, map: ReadonlyMap<number, number>): { value: T; changed: boolean } {
  let changed = false;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(node)) {
      const serverId = isIdKey(key) && typeof inner === 'number' ? map.get(inner) : undefined;
      if (serverId !== undefined) {
        changed = true;
        out[key] = serverId;
      } else out[key] = visit(inner);
    }
    return out;
  };
  const result = visit(value) as T;
  return { value: changed ? result : value, changed };
}

/** `purchaseOrder:-3` → `purchaseOrder:100201` when -3 is mapped; other aggregates unchanged. */
export function remapAggregate(aggregate: string, map: ReadonlyMap<number, number>): string {
  const match = /^(.*):(-\d+)$/.exec(aggregate);
  if (!match) return aggregate;
  const serverId = map.get(Number(match[2]));
  return serverId === undefined ? aggregate : `${match[1]}:${serverId}`;
}
