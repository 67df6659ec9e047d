/**
 * Short-lived notices, shown by components/feedback/Toasts.svelte. They only echo what the sync centre
 * already shows durably, so losing one (dismissed, timed out) loses nothing. A change the server refused is
 * said by the one translator (./rejectionWords.ts): "“New purchase order for Coral Textile (1 line)” was
 * refused: Line 1 — Ember dome tent: quantity ordered must be at most 10", never "failed: Bad Request".
 */
import type { OpRecord } from '../db/ops';
import type { DockhandDb } from '../db/schema';
import { loadLineNames } from '../db/lineNames';
import { NO_NAMES, rejectionLine, type LineNames } from './rejectionWords';

/** The toast for an op that now needs the user: refused (which line, which field, why) or conflicted. */
export function opToastText(op: OpRecord, names: LineNames = NO_NAMES): string {
  if (op.state === 'failed') return `“${op.label}” was refused: ${rejectionLine(op, names)}`;
  return `“${op.label}” was changed on the server too: choose which values to keep`;
}

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

  /** Announces an op that now needs the user, its lines named from the cache when `db` is open. */
  async announceOp(op: OpRecord, db: DockhandDb | null): Promise<void> {
    const names =
      db && op.state === 'failed' ? await loadLineNames(db, [op]).catch(() => NO_NAMES) : NO_NAMES;
    this.push(opToastText(op, names), 'warning', '#/sync');
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
