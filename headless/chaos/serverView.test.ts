/**
 * The verifier's reads by record key (serverView.ts) against the simulator: each kind a verifier key names
 * reads the record with that id, an id the server does not hold reads as null (gone), a delivery address is
 * read through its customer, and a kind with no reader is said aloud rather than read as gone.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../electron/core/api';
import { perFile } from '../../electron/core/sync/testing/perFile';
import { startSimulator } from '../../server/index';
import type { SimState } from '../../server/state';
import { ServerView } from './serverView';

const simulator = perFile(
  () => startSimulator({ port: 0, seed: 1, rateLimit: 1_000_000 }),
  (sim) => sim.stop(),
);

/** A fresh view (its cache empty) on the simulator, and the simulator's state to name ids from. */
function view(): { state: SimState; server: ServerView } {
  const sim = simulator();
  const client = createApiClient({ baseUrl: sim.baseUrl, getApiKey: () => Promise.resolve('demo-key') });
  return { state: sim.state, server: new ServerView(client, 1) };
}

const MISSING = 99_999_999;

/** Each record kind a verifier key names, and the simulator's map that holds it. */
const KINDS = [
  ['customer', 'customers'],
  ['supplier', 'suppliers'],
  ['supplierInvoice', 'supplierInvoices'],
  ['supplierReturn', 'supplierReturns'],
  ['returnReason', 'returnReasons'],
  ['shippingPort', 'shippingPorts'],
  ['shipmentType', 'shipmentTypes'],
  ['fixedPriceGroup', 'fixedPriceGroups'],
] as const satisfies readonly (readonly [string, keyof SimState])[];

describe('ServerView.record', () => {
  it.each(KINDS)('reads a %s by id, and null for an id the server does not hold', async (resource, map) => {
    const { state, server } = view();
    const id = [...state[map].keys()].at(-1)!;
    expect((await server.record(resource, id))?.id).toBe(id);
    expect(await server.record(resource, MISSING)).toBeNull();
  });

  it('reads a delivery address through its customer; null when either is gone', async () => {
    const { state, server } = view();
    const customer = [...state.customers.values()].find((c) => c.delivery_addresses.length > 0)!;
    const address = customer.delivery_addresses.at(-1)!;
    expect(await server.record('deliveryAddress', customer.id, address.id)).toMatchObject({
      id: address.id,
      suburb: address.suburb,
    });
    expect(await server.record('deliveryAddress', customer.id, MISSING)).toBeNull();
    expect(await server.record('deliveryAddress', MISSING, address.id)).toBeNull();
  });

  it('refuses a kind it has no reader for', async () => {
    await expect(view().server.record('purchaseOrderLine', 1)).rejects.toThrow(
      'No reader for purchaseOrderLine',
    );
  });
});
