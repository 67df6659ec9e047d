/**
 * The business's own currency (the code its outlets trade in: ../db/businessCurrency.ts watches the cache
 * and sets it). Money in it is shown plainly ("$1,146.55"); money in any other currency names its code
 * (./recordFormat.ts moneyText).
 *
 * A plain module, not runes, so unit tests in Node and the pull worker can import the formatter. Reading it
 * inside a Svelte effect or template subscribes to it (createSubscriber): a screen drawn before the first
 * sync brought the outlets redraws its figures once they are known.
 */
import { createSubscriber } from 'svelte/reactivity';

let code: string | null = null;
const listeners = new Set<() => void>();

const subscribe = createSubscriber((update) => {
  listeners.add(update);
  return () => listeners.delete(update);
});

/** The own currency's code, or null until the cache knows an outlet. */
export function ownCurrency(): string | null {
  subscribe();
  return code;
}

export function setOwnCurrency(next: string | null): void {
  if (next === code) return;
  code = next;
  for (const update of listeners) update();
}
