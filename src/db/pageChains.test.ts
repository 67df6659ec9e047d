/**
 * Pages of a pass sent ahead of their answers are applied one at a time, in order, and never after a page of
 * their pass that was not stored; pages of other passes and unchained pages do not wait for them.
 */
import { describe, expect, it } from 'vitest';
import { inPassOrder, PageOutOfTurnError } from './pageChains';
import type { PortRequest } from './storePort';

const answer = { written: 1, unchanged: 0, rebased: 0, deleted: 0 };
const page = (pass: string | null, seq = 0): PortRequest<'applyPulledPage'> => ({
  writes: [],
  cursor: null,
  at: `${pass}:${seq}`,
  ...(pass === null ? {} : { chain: { pass, seq } }),
});

/** An apply whose pages finish only when told to, recording when each starts and ends. */
function gatedApply() {
  const log: string[] = [];
  const gates = new Map<string, { open: () => void; fail: (error: Error) => void }>();
  const apply = (request: PortRequest<'applyPulledPage'>) => {
    log.push(`start ${request.at}`);
    return new Promise<typeof answer>((resolve, reject) => {
      gates.set(request.at, {
        open: () => {
          log.push(`end ${request.at}`);
          resolve(answer);
        },
        fail: (error) => reject(error),
      });
    });
  };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { apply, log, gates, tick };
}

describe('inPassOrder', () => {
  it('applies the pages of a pass one at a time, in order', async () => {
    const { apply, log, gates, tick } = gatedApply();
    const ordered = inPassOrder(apply);
    const first = ordered(page('orders', 0));
    const second = ordered(page('orders', 1));
    await tick();
    expect(log).toEqual(['start orders:0']);
    gates.get('orders:0')!.open();
    await expect(first).resolves.toEqual(answer);
    await tick();
    expect(log).toEqual(['start orders:0', 'end orders:0', 'start orders:1']);
    gates.get('orders:1')!.open();
    await expect(second).resolves.toEqual(answer);
  });

  it('refuses every later page of a pass once one of its pages failed', async () => {
    const { apply, log, gates, tick } = gatedApply();
    const ordered = inPassOrder(apply);
    const first = ordered(page('orders', 0));
    const second = ordered(page('orders', 1));
    const third = ordered(page('orders', 2));
    await tick();
    gates.get('orders:0')!.fail(new Error('the disk is full'));
    await expect(first).rejects.toThrow('the disk is full');
    await expect(second).rejects.toBeInstanceOf(PageOutOfTurnError);
    await expect(third).rejects.toBeInstanceOf(PageOutOfTurnError);
    expect(log).toEqual(['start orders:0']);
  });

  it('answers a page sent again once stored without applying it twice (a retried late answer)', async () => {
    const { apply, log, gates, tick } = gatedApply();
    const ordered = inPassOrder(apply);
    const first = ordered(page('orders', 0));
    const second = ordered(page('orders', 1));
    // The engine stopped waiting for page 0 and sends it again while the store still writes it.
    const again = ordered(page('orders', 0));
    await tick();
    gates.get('orders:0')!.open();
    await tick();
    gates.get('orders:1')!.open();
    await expect(Promise.all([first, second])).resolves.toEqual([answer, answer]);
    await expect(again).resolves.toEqual({ written: 0, unchanged: 0, rebased: 0, deleted: 0 });
    // Sent again after the page behind it was stored: still nothing applied, the cursor stays ahead.
    await expect(ordered(page('orders', 0))).resolves.toMatchObject({ written: 0 });
    expect(log).toEqual(['start orders:0', 'end orders:0', 'start orders:1', 'end orders:1']);
  });

  it('refuses a page whose predecessors this store never saw', async () => {
    const { apply, log } = gatedApply();
    await expect(inPassOrder(apply)(page('orders', 3))).rejects.toThrow(/before the pages ahead of it/);
    expect(log).toEqual([]);
  });

  it('lets other passes and unchained pages go while a pass waits', async () => {
    const { apply, log, gates, tick } = gatedApply();
    const ordered = inPassOrder(apply);
    void ordered(page('orders', 0));
    void ordered(page('orders', 1));
    const other = ordered(page('customers', 0));
    const loose = ordered(page(null));
    await tick();
    expect([...log].sort()).toEqual(['start customers:0', 'start null:0', 'start orders:0']);
    gates.get('customers:0')!.open();
    gates.get('null:0')!.open();
    await expect(Promise.all([other, loose])).resolves.toEqual([answer, answer]);
  });
});
