/**
 * What the chaos run needs of the simulator, typed structurally so the run names only what it uses; a
 * started simulator (server/index.ts `startSimulator`) satisfies this as it is. The run steers faults and
 * reads snapshots through `control`, and touches `state` for two things only: finding ids of the resources
 * the API serves by id alone, and adding spare suppliers, which the API cannot create but the issue wants
 * deleted.
 */
import type { Supplier } from '../../src/api/resources';

export interface FaultSettings {
  latencyMs?: number;
  jitterMs?: number;
  error5xxRate?: number;
  resetRate?: number;
  dropAfterCommitRate?: number;
  burst429Rate?: number;
  burst429Length?: number;
  burst429RetryAfterSeconds?: number;
  seed?: number;
}

export interface SimSnapshotView {
  counts: Record<string, number>;
  purchaseOrders: Record<string, { id: number; items: { product_id: number; quantity_ordered: number }[] }[]>;
  invoices: Record<string, number[]>;
}

export interface ChaosSimulator {
  baseUrl: string;
  control: {
    setFaults(faults: FaultSettings): unknown;
    resetFaults(): void;
    snapshot(): SimSnapshotView;
  };
  state: {
    nextId: Record<string, number>;
    suppliers: Map<number, Supplier>;
    supplierReturns: Map<number, unknown>;
    products: Map<number, unknown>;
    outlets: Map<number, unknown>;
  };
}

/**
 * --fault-rate F is the share of requests that meet a fault, split evenly between connection resets,
 * 503s, responses dropped after the commit and 429s (bursts of three, so a burst starts at a third of the
 * rate). Latency and jitter are always on while faults are, so kills land mid-request.
 */
export function faultsFor(rate: number, seed: number): FaultSettings {
  const share = rate / 4;
  return {
    latencyMs: 2,
    jitterMs: 20,
    resetRate: share,
    error5xxRate: share,
    dropAfterCommitRate: share,
    burst429Rate: share / 3,
    burst429Length: 3,
    burst429RetryAfterSeconds: 1,
    seed,
  };
}

export interface SpareSupplier {
  id: number;
  code: string;
}

/**
 * Adds suppliers nothing references (so the server lets them be deleted), copied from an existing one with
 * a fresh id, code and name, as the back office would have created them.
 */
export function addSpareSuppliers(sim: ChaosSimulator, count: number, tag: string): SpareSupplier[] {
  const template = sim.state.suppliers.values().next().value;
  if (!template) throw new Error('The simulator has no supplier to copy');
  const spares: SpareSupplier[] = [];
  for (let i = 0; i < count; i++) {
    const id = sim.state.nextId.suppliers ?? Math.max(...sim.state.suppliers.keys()) + 1;
    sim.state.nextId.suppliers = id + 1;
    const code = `SPARE${tag}${i}`.slice(0, 20);
    sim.state.suppliers.set(id, {
      ...structuredClone(template),
      id,
      supplier_code: code,
      name: `Spare ${tag} ${i}`,
    });
    spares.push({ id, code });
  }
  return spares;
}
