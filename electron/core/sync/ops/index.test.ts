import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../../src/api/endpoints';
import { OP_KINDS } from '../../../../src/db/ops';
import { OP_SPECS, specFor, tempIdsIn } from './index';
import { attemptWindowStart, decide, RECONCILE_SKEW_MS } from './reconcile';

describe('OP_SPECS', () => {
  it('has one spec per op kind, each sending an operation of the endpoint table', () => {
    expect(Object.keys(OP_SPECS).sort()).toEqual([...OP_KINDS].sort());
    for (const kind of OP_KINDS) {
      const spec = specFor(kind);
      expect(spec.kind).toBe(kind);
      expect(ENDPOINTS[spec.operation]).toBeDefined();
    }
  });

  it('gives creates a table, updates a current read, deletes notFoundMeansDone', () => {
    for (const kind of OP_KINDS) {
      const spec = specFor(kind);
      const method = ENDPOINTS[spec.operation].method;
      expect(spec.creates !== undefined, kind).toBe(method === 'POST');
      expect(spec.notFoundMeansDone === true, kind).toBe(method === 'DELETE');
      // Fixed price groups have no update; every PUT has a current read.
      if (method === 'PUT') expect(spec.readCurrent, kind).toBeTypeOf('function');
    }
  });

  it('labels an op whose payload does not validate instead of throwing', () => {
    expect(specFor('updateSupplier').describe({ params: { id: 'x' }, body: {} })).toBe(
      'updateSupplier (invalid payload)',
    );
    expect(() => specFor('updateSupplier').aggregateOf({ params: {}, body: {} })).toThrow();
  });

  it('aggregates creates without a known temp id by their natural key', () => {
    const port = { params: {}, body: { name: 'Port of Hobart' } };
    expect(specFor('createShippingPort').aggregateOf(port)).toBe('shippingPort:name:port of hobart');
    expect(specFor('createShippingPort').aggregateOf({ ...port, createsTempId: -9 })).toBe('shippingPort:-9');
    expect(specFor('createCustomer').aggregateOf({ params: {}, body: { company: 'Ng Trading' } })).toBe(
      'customer:new',
    );
  });
});

describe('tempIdsIn', () => {
  it('collects negative path parameters and id fields, never negative amounts', () => {
    const body = {
      rounding_adjustment: -0.02,
      shipping_port: { id: -3 },
      purchase_order_receipts: [
        { purchase_order_id: -2, purchase_order_receipt_items: [{ purchase_order_item_id: 7 }] },
      ],
      items: [{ supplier_buy_ex: -1 }],
    };
    expect(tempIdsIn({ params: { id: -5, item_id: 9 }, body })).toEqual([-5, -3, -2]);
    expect(tempIdsIn({ params: {}, body: undefined })).toEqual([]);
  });
});

describe('reconcile helpers', () => {
  it('decides one → applied, none → absent, several → ambiguous', () => {
    expect(decide([{ id: 1 }], 'things')).toEqual({ outcome: 'applied', result: { id: 1 } });
    expect(decide([], 'things')).toEqual({ outcome: 'absent' });
    expect(decide([{ id: 1 }, { id: 2 }], 'things')).toMatchObject({
      outcome: 'ambiguous',
      candidates: [{ id: 1 }, { id: 2 }],
    });
  });

  it('opens the window the skew before the last attempt (or the op’s creation), on the server’s clock', async () => {
    const at = '2026-03-01T10:00:00.000Z';
    const call = () => Promise.reject(new Error('no request expected'));
    // A PC clock 10 minutes fast: the client says the attempt was at 09:50 on the server.
    const asked: number[] = [];
    const serverTime = {
      at: (pcMs: number) => {
        asked.push(pcMs);
        return Promise.resolve(pcMs - 10 * 60_000);
      },
    };
    const skewed = { client: { baseUrl: 'http://x/v2.1', call, serverTime }, now: () => new Date() };
    const onServer = new Date(Date.parse(at) - 10 * 60_000 - RECONCILE_SKEW_MS).toISOString();
    expect(
      await attemptWindowStart(skewed, { lastAttemptAt: at, createdAt: '2026-01-01T00:00:00.000Z' }),
    ).toBe(onServer);
    expect(await attemptWindowStart(skewed, { createdAt: at })).toBe(onServer);
    expect(asked).toEqual([Date.parse(at), Date.parse(at)]);
    // A client that cannot tell the server's time (a test double): the PC's time as it is.
    const plain = { client: { baseUrl: 'http://x/v2.1', call }, now: () => new Date() };
    const expected = new Date(Date.parse(at) - RECONCILE_SKEW_MS).toISOString();
    expect(await attemptWindowStart(plain, { createdAt: at })).toBe(expected);
  });
});
