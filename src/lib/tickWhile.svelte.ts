/**
 * A clock for a countdown on screen: while `active()` holds, `tick` runs at once and then every `everyMs`;
 * it stops when `active()` turns false or the component goes. Call it while a component is set up (it uses
 * `$effect`). The status bar and the sync centre count down the store's retry with it.
 */
export function tickWhile(active: () => boolean, tick: () => void, everyMs = 1_000): void {
  $effect(() => {
    if (!active()) return;
    tick();
    const timer = setInterval(tick, everyMs);
    return () => clearInterval(timer);
  });
}
