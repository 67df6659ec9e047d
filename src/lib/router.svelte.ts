/**
 * Hash routing: the renderer is served from `dockhand://app/` in Electron and from `http://127.0.0.1:PORT/`
 * in the browser host, so the route lives in the fragment and works the same in both. `#token=…` (the
 * browser host's bridge token) is not a route and is ignored here.
 */
export type Route =
  | { name: 'purchaseOrders' }
  | { name: 'newPurchaseOrder' }
  | { name: 'purchaseOrder'; id: number }
  | { name: 'sync' }
  | { name: 'settings' };

export const DEFAULT_ROUTE: Route = { name: 'purchaseOrders' };

/** `/purchase-orders/123` → route; anything unknown → the default route. */
export function parseRoute(path: string): Route {
  const parts = path
    .replace(/^#?\/?/, '')
    .split('/')
    .filter(Boolean);
  if (parts[0] === 'purchase-orders') {
    if (parts.length === 1) return { name: 'purchaseOrders' };
    if (parts[1] === 'new' && parts.length === 2) return { name: 'newPurchaseOrder' };
    const id = Number(parts[1]);
    // Offline-created orders have negative (temp) ids.
    if (parts.length === 2 && Number.isSafeInteger(id) && id !== 0) return { name: 'purchaseOrder', id };
  }
  if (parts[0] === 'sync' && parts.length === 1) return { name: 'sync' };
  if (parts[0] === 'settings' && parts.length === 1) return { name: 'settings' };
  return DEFAULT_ROUTE;
}

export function routePath(route: Route): string {
  switch (route.name) {
    case 'purchaseOrders':
      return '/purchase-orders';
    case 'newPurchaseOrder':
      return '/purchase-orders/new';
    case 'purchaseOrder':
      return `/purchase-orders/${route.id}`;
    case 'sync':
      return '/sync';
    case 'settings':
      return '/settings';
  }
}

function currentHash(): string {
  if (typeof location === 'undefined') return '';
  return location.hash.startsWith('#token=') ? '' : location.hash;
}

class Router {
  route = $state<Route>(parseRoute(currentHash()));

  constructor() {
    if (typeof window !== 'undefined') {
      window.addEventListener('hashchange', () => {
        this.route = parseRoute(currentHash());
      });
    }
  }

  navigate(route: Route): void {
    const path = `#${routePath(route)}`;
    if (typeof location !== 'undefined' && location.hash !== path) location.hash = path;
    this.route = route;
  }
}

export const router = new Router();
