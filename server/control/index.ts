/**
 * The test instrument: the operations a chaos or end-to-end test uses to steer the simulator. They are
 * available in-process on `simulator.control` always, and over HTTP (server/control/server.ts) on a separate
 * port when the simulator starts with `control: true`.
 */
import type { SwitchableServer } from '../http/listener';
import type { SimState } from '../state';
import type { FaultInjector, Faults, FaultsInput } from './faults';
import type { BodyRule, BodyRules } from './rules';
import { orderView, type OrderView } from './orderView';
import { snapshot, type SimSnapshot } from './snapshot';

export interface SimulatorControl {
  /** Replaces every fault setting (omitted fields are off); throws a ZodError on invalid input. */
  setFaults(faults: FaultsInput): Faults;
  getFaults(): Faults;
  /** No faults, no 429 burst in progress, the fault PRNG back at its start-up seed. */
  resetFaults(): void;
  /** true: the API port is closed (connections refused, open ones destroyed); false: listening again. */
  setOffline(offline: boolean): Promise<void>;
  isOffline(): boolean;
  snapshot(): SimSnapshot;
  /** One purchase order with its lines' received quantities and its invoices' receipts; null when absent. */
  orderView(id: number): OrderView | null;
  /** Replaces the injected business rules (server/control/rules.ts); [] removes them. */
  setRules(rules: unknown): BodyRule[];
  getRules(): BodyRule[];
}

export function createControl(parts: {
  faults: FaultInjector;
  api: SwitchableServer;
  state: SimState;
  rules: BodyRules;
}): SimulatorControl {
  const { faults, api, state, rules } = parts;
  return {
    setFaults: (input) => faults.set(input),
    getFaults: () => faults.get(),
    resetFaults: () => faults.reset(),
    setOffline: (offline) => (offline ? api.close() : api.listen()),
    isOffline: () => !api.isOnline,
    snapshot: () => snapshot(state),
    orderView: (id) => orderView(state, id),
    setRules: (input) => rules.set(input),
    getRules: () => rules.get(),
  };
}

export { FaultsSchema, type Faults, type FaultsInput } from './faults';
export { BodyRulesSchema, type BodyRule } from './rules';
export type { SimSnapshot } from './snapshot';
export type { OrderView } from './orderView';
