/**
 * Helpers only the party handlers use: the write timestamp and the sent fields of a partial body. The checks
 * every handler shares are in ../checks.
 */
import type { HandlerContext } from '../context';

/** The ISO timestamp a mutation stamps on created_on / modified_on: the simulator's clock, never Date.now. */
export const stamp = (ctx: Pick<HandlerContext, 'now'>): string => ctx.now().toISOString();

/**
 * The entries of a partial body that were sent. A PUT body is partial: an omitted field (undefined) leaves the
 * stored value alone, while null is a value and clears it.
 */
export function sent<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}
