/** Determinism always runs on the small dataset: the large one's JSON is hundreds of megabytes. */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { generateState } from './index';
import { stateJson } from './testing';

const digest = (seed: number) =>
  createHash('sha256')
    .update(stateJson(generateState({ dataset: 'small', seed })))
    .digest('hex');

describe('generateState is deterministic', () => {
  const seedOne = digest(1);

  test('the same seed gives byte-identical JSON', () => {
    expect(digest(1)).toBe(seedOne);
  });

  test('a different seed gives different data', () => {
    expect(digest(2)).not.toBe(seedOne);
  });

  test('no mutable state survives between calls: editing one state leaves the next as generated', () => {
    const first = generateState({ dataset: 'small', seed: 1 });
    first.purchaseOrders.values().next().value!.items[0]!.quantity_ordered += 1;
    first.products.values().next().value!.inventory[0]!.quantity_available += 1;
    first.customers.values().next().value!.marketing.receive_post = true;
    expect(digest(1)).toBe(seedOne);
  });

  test('shared references are frozen, so an in-place edit fails loudly instead of leaking', () => {
    const state = generateState({ dataset: 'small', seed: 3 });
    const order = state.purchaseOrders.values().next().value!;
    expect(Object.isFrozen(order.status)).toBe(true);
    expect(Object.isFrozen(order.created_by)).toBe(true);
    expect(() => {
      (order.status as { name: string }).name = 'Received';
    }).toThrow(TypeError);
    expect(Object.isFrozen(order)).toBe(false);
    expect(Object.isFrozen(order.items[0])).toBe(false);
  });
});
