/**
 * Short-lived notices ("“New PO for Eastbay” failed"), shown by components/feedback/Toasts.svelte. They
 * only echo what the sync centre already shows durably, so losing one (dismissed, timed out) loses nothing.
 */

export interface Toast {
  id: number;
  text: string;
  tone: 'info' | 'warning';
  /** A route to open for details, e.g. `#/sync`. */
  href?: string;
}

const LIFETIME_MS = 10_000;
const MAX_SHOWN = 4;

export class Toasts {
  items = $state<Toast[]>([]);
  #nextId = 1;
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- timer handles, never rendered
  #timers = new Map<number, ReturnType<typeof setTimeout>>();

  push(text: string, tone: Toast['tone'] = 'info', href?: string): void {
    const id = this.#nextId++;
    const toast: Toast = { id, text, tone, ...(href ? { href } : {}) };
    this.items = [...this.items, toast].slice(-MAX_SHOWN);
    this.#timers.set(
      id,
      setTimeout(() => this.dismiss(id), LIFETIME_MS),
    );
  }

  dismiss(id: number): void {
    clearTimeout(this.#timers.get(id));
    this.#timers.delete(id);
    this.items = this.items.filter((toast) => toast.id !== id);
  }

  clear(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
    this.items = [];
  }
}
