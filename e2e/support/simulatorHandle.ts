/**
 * The specs' grip on the demo simulator behind the app: switch it offline, inject a business rule, read its
 * state. In the browser host the simulator runs in the spec's own process (direct calls); in Electron it runs
 * in the app's main process and is reached over its control port (HTTP). Specs never know which.
 */
import type { BodyRule, OrderView, Simulator, SimSnapshot } from '../../server';

export interface SimulatorHandle {
  setOffline(offline: boolean): Promise<void>;
  setRules(rules: BodyRule[]): Promise<void>;
  snapshot(): Promise<SimSnapshot>;
  /** One purchase order's lines and the receipts of its invoices (server/control/orderView.ts). */
  orderView(id: number): Promise<OrderView | null>;
}

export function inProcessHandle(simulator: Simulator): SimulatorHandle {
  return {
    setOffline: (offline) => simulator.control.setOffline(offline),
    setRules: async (rules) => {
      simulator.control.setRules(rules);
    },
    snapshot: async () => simulator.control.snapshot(),
    orderView: async (id) => simulator.control.orderView(id),
  };
}

export function controlPortHandle(controlUrl: string): SimulatorHandle {
  const call = async (path: string, method = 'GET', body?: unknown) => {
    const response = await fetch(`${controlUrl}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`simulator control ${method} ${path}: ${response.status}`);
    return response.status === 204 ? undefined : ((await response.json()) as unknown);
  };
  return {
    setOffline: async (offline) => {
      await call('/offline', 'PUT', { offline });
    },
    setRules: async (rules) => {
      await call('/rules', 'PUT', rules);
    },
    snapshot: async () => (await call('/state')) as SimSnapshot,
    orderView: async (id) => (await call('/order-view', 'POST', { id })) as OrderView,
  };
}
