/**
 * The 3-way merge before an update: as a function, and end to end with the record changed on the server
 * through HTTP between the local edit and its replay.
 */
import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../server/index';
import { threeWayMerge } from './merge';
import { customerEdit } from './testing/edits';
import { type EngineHarness } from './testing/harness';
import { simulatorSuite } from './testing/simulatorSuite';

describe('threeWayMerge', () => {
  const base = { a: 1, b: 1, c: 1, d: 1, address: { street: 'x', town: 'y' }, tags: [1] };

  it('sends local-only changes and keeps server-only ones', () => {
    const server = { ...base, b: 2, address: { street: 'x', town: 'server' } };
    const local = { a: 5, address: { street: 'local' }, tags: [1, 2] };
    expect(threeWayMerge(base, local, server)).toEqual({
      body: { a: 5, address: { street: 'local' }, tags: [1, 2] },
      conflicts: [],
    });
  });

  it('drops fields both sides changed the same way, and fields only the server changed', () => {
    const server = { ...base, a: 7, b: 9 };
    expect(threeWayMerge(base, { a: 7, b: 1 }, server)).toEqual({ body: {}, conflicts: [] });
  });

  it('reports fields both sides changed differently, by path', () => {
    const server = { ...base, c: 3, address: { street: 'server', town: 'y' } };
    const result = threeWayMerge(base, { c: 4, address: { street: 'local' }, d: 8 }, server);
    expect(result.conflicts).toEqual([
      { field: 'c', base: 1, local: 4, server: 3 },
      { field: 'address.street', base: 'x', local: 'local', server: 'server' },
    ]);
    expect(result.body).toEqual({ d: 8 });
  });

  it('treats a field the base does not carry as a local change', () => {
    expect(threeWayMerge(base, { abn: '123' }, { ...base, acn: '999' }).body).toEqual({ abn: '123' });
  });
});

const suite = simulatorSuite(() => startSimulator({ port: 0, control: true, rateLimit: 100_000 }));
let harness: EngineHarness | undefined;

describe('updates against a record changed on the server', () => {
  it('merges when the two sides changed different fields', async () => {
    harness = suite.harness();
    const base = await harness.client.call('getCustomer', { params: { id: 50020 } });
    const op = await customerEdit(harness.db, 50020, { first_name: 'Local' }, base);
    await harness.client.call('updateCustomer', { params: { id: 50020 }, body: { last_name: 'Server' } });

    await harness.engine.start();
    await harness.drain();

    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done' });
    const server = await harness.client.call('getCustomer', { params: { id: 50020 } });
    expect(server).toMatchObject({ first_name: 'Local', last_name: 'Server' });
    expect(await harness.db.customers.get(50020)).toMatchObject({ first_name: 'Local', last_name: 'Server' });
  });

  it('stops on a field changed on both sides, and sends the value the user picks', async () => {
    harness = suite.harness();
    const base = await harness.client.call('getCustomer', { params: { id: 50021 } });
    const op = await customerEdit(harness.db, 50021, { custom_reference: 'local', first_name: 'Kept' }, base);
    await harness.client.call('updateCustomer', {
      params: { id: 50021 },
      body: { custom_reference: 'server' },
    });

    await harness.engine.start();
    await harness.drain();

    const conflicted = (await harness.store.getOp({ id: op.id })).op!;
    expect(conflicted.state).toBe('conflicted');
    expect(conflicted.conflicts).toEqual([
      { field: 'custom_reference', base: base.custom_reference, local: 'local', server: 'server' },
    ]);
    expect(harness.engine.status.get().counts.conflicted).toBe(1);
    let server = await harness.client.call('getCustomer', { params: { id: 50021 } });
    expect(server.first_name).toBe(base.first_name); // nothing was sent

    await harness.engine.actions.resolveConflict(op.id, { custom_reference: 'chosen' });
    await harness.drain();
    server = await harness.client.call('getCustomer', { params: { id: 50021 } });
    expect(server).toMatchObject({ custom_reference: 'chosen', first_name: 'Kept' });
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done' });
  });

  it('finishes an update whose response was lost without sending an empty body', async () => {
    // The PUT lands but its answer is dropped: the op turns uncertain, the replay re-reads the customer,
    // finds the local change already there, and must end done — not send `{}` and not fail.
    let puts = 0;
    const fetch = async (input: string | URL | Request, init?: RequestInit) => {
      const request = new Request(input, init);
      // Only the first PUT's answer is dropped: reads before it, and the replay's re-read, go through.
      if (request.method === 'PUT' && ++puts === 1) suite.sim.control.setFaults({ dropAfterCommitRate: 1 });
      try {
        return await globalThis.fetch(request);
      } finally {
        if (request.method === 'PUT') suite.sim.control.resetFaults();
      }
    };
    harness = suite.harness({ clientOptions: { fetch } });
    const base = await harness.client.call('getCustomer', { params: { id: 50022 } });
    const op = await customerEdit(harness.db, 50022, { first_name: 'Landed' }, base);

    await harness.engine.start();
    await harness.drain();

    expect(puts).toBe(1);
    expect((await harness.store.getOp({ id: op.id })).op).toMatchObject({ state: 'done' });
    const server = await harness.client.call('getCustomer', { params: { id: 50022 } });
    expect(server.first_name).toBe('Landed');
    expect(await harness.db.customers.get(50022)).toMatchObject({ first_name: 'Landed' });
  });
});
