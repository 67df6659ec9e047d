import { describe, expect, it } from 'vitest';
import { holdQuitUntil, type QuittableApp } from './quitGate';

/** A stand-in for Electron's app: `quit()` emits before-quit and "exits" unless a listener prevents it. */
function fakeApp() {
  const listeners: ((event: { preventDefault(): void }) => void)[] = [];
  let exits = 0;
  const app: QuittableApp = {
    on: (_event, listener) => listeners.push(listener),
    quit: () => {
      let prevented = false;
      for (const listener of listeners) listener({ preventDefault: () => void (prevented = true) });
      if (!prevented) exits++;
    },
  };
  return { app, exits: () => exits };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('holdQuitUntil', () => {
  it('holds the quit until the cleanup is done, runs it once, then quits', async () => {
    const { app, exits } = fakeApp();
    const steps: string[] = [];
    let finish: () => void = () => {};
    holdQuitUntil(app, () => {
      steps.push('cleanup');
      return new Promise<void>((resolve) => (finish = resolve));
    });
    app.quit();
    app.quit();
    await tick();
    expect(steps).toEqual(['cleanup']);
    expect(exits()).toBe(0);
    finish();
    await tick();
    expect(exits()).toBe(1);
  });

  it('quits anyway when the cleanup fails or hangs, and reports why', async () => {
    const errors: unknown[] = [];
    const failing = fakeApp();
    holdQuitUntil(failing.app, () => Promise.reject(new Error('engine stuck')), {
      onError: (error) => errors.push(error),
    });
    failing.app.quit();
    await tick();
    expect(failing.exits()).toBe(1);

    const hanging = fakeApp();
    holdQuitUntil(hanging.app, () => new Promise(() => {}), {
      timeoutMs: 20,
      onError: (error) => errors.push(error),
    });
    hanging.app.quit();
    await tick(5);
    expect(hanging.exits()).toBe(0);
    await tick(40);
    expect(hanging.exits()).toBe(1);
    expect(errors.map((error) => (error as Error).message)).toEqual([
      'engine stuck',
      'Cleanup took longer than 20 ms',
    ]);
  });

  it('treats a cleanup that throws synchronously like one that rejects', async () => {
    const { app, exits } = fakeApp();
    const errors: unknown[] = [];
    holdQuitUntil(
      app,
      () => {
        throw new Error('sync throw');
      },
      { onError: (error) => errors.push(error) },
    );
    app.quit();
    await tick();
    expect(exits()).toBe(1);
    expect(errors).toHaveLength(1);
  });
});
