/**
 * The current route as Svelte state (./routes.ts says what a route is). Navigation adds a history entry;
 * a list's filters replace the current one (`setQuery`), so typing in a search box does not fill Back with
 * one entry per keystroke, while a reload or Back from a record still finds the list as it was left.
 */
import { formatRoute, parseRoute, type Query, type Route } from './routes';

export type { Route } from './routes';

function currentHash(): string {
  return typeof location === 'undefined' ? '' : location.hash;
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

  /** Goes to `hash` (`#/purchase-orders/12`); `replace` keeps the history entry (a record that moved id). */
  navigate(hash: string, options: { replace?: boolean } = {}): void {
    if (typeof location !== 'undefined' && location.hash !== hash) {
      if (options.replace) history.replaceState(history.state, '', hash);
      else location.hash = hash;
    }
    this.route = parseRoute(hash);
  }

  /** Replaces the current route's query (the list's filters), keeping its section and parts. */
  setQuery(query: Query): void {
    this.navigate(formatRoute(this.route.section, this.route.parts, query), { replace: true });
  }
}

export const router = new Router();
