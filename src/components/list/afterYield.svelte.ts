/**
 * Whether the thread has been given back once since the component was created: a screen draws what must
 * show at once in its mounting task (a route change's click), the rest in a task of its own (issue #24).
 * Call during component initialisation (it uses $effect).
 */
import { yieldToMain, type YieldNow } from '../../db/yieldingRead';

export function afterYield(yieldNow: YieldNow = yieldToMain): { readonly done: boolean } {
  let done = $state(false);
  $effect(() => {
    let gone = false;
    void yieldNow().then(() => {
      if (!gone) done = true;
    });
    return () => {
      gone = true;
    };
  });
  return {
    get done() {
      return done;
    },
  };
}
