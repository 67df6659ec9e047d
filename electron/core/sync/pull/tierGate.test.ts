import { describe, expect, it } from 'vitest';
import type { StorePort } from '../../../../src/db/storePort';
import { CallAbortedError } from '../../api/errors';
import { tierGate } from './tierGate';

const page = { writes: [], cursor: null, at: '2026-01-01T00:00:00.000Z' };
const answer = { written: 0, unchanged: 0, rebased: 0, deleted: 0 };

function fakeStore() {
  const stored: string[] = [];
  const store = {
    applyPulledPage: (request: { at: string }) => {
      stored.push(request.at);
      return Promise.resolve(answer);
    },
    getCursor: () => Promise.resolve({ cursor: null }),
  } as unknown as StorePort;
  return { store, stored };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
};

describe('tierGate', () => {
  it('starts the background tier at the first dock page and holds its pages until the dock tier ends', async () => {
    const { store, stored } = fakeStore();
    const gate = tierGate(store);
    expect(await settled(gate.started)).toBe(false);
    await gate.dock.applyPulledPage({ ...page, at: 'dock' });
    expect(await settled(gate.started)).toBe(true);

    const held = gate.background.applyPulledPage({ ...page, at: 'background' });
    expect(await gate.background.getCursor({ resource: 'customers' })).toEqual({ cursor: null });
    expect(await settled(held)).toBe(false);
    expect(stored).toEqual(['dock']);
    gate.open(true);
    await expect(held).resolves.toEqual(answer);
    expect(stored).toEqual(['dock', 'background']);
  });

  it('drops the held pages when the dock tier ends the run', async () => {
    const { store, stored } = fakeStore();
    const gate = tierGate(store);
    const held = gate.background.applyPulledPage(page);
    gate.open(false);
    await expect(held).rejects.toBeInstanceOf(CallAbortedError);
    expect(await settled(gate.started)).toBe(true);
    expect(stored).toEqual([]);
  });
});
