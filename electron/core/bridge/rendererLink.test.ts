/**
 * The renderer link on its own: replies are matched by id (and given back under the caller's id), anything
 * else the renderer sends is ignored, and a request never hangs: closing the link or its timeout rejects it.
 */
import { describe, expect, it } from 'vitest';
import type { StoreRequest } from '../../../src/bridge/contract';
import { createRendererLink, RendererLinkError } from './rendererLink';

function harness(timeoutMs?: number) {
  const sent: StoreRequest[] = [];
  const events: unknown[] = [];
  const created = createRendererLink({
    label: 'test window',
    sendEvent: (envelope) => events.push(envelope),
    sendStoreRequest: (request) => sent.push(request),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  const reply = (id: number, value: unknown) => ({ id, result: { ok: true, value } });
  return { ...created, sent, events, reply };
}

describe('createRendererLink', () => {
  it('matches replies to requests by id, whatever the order, under the caller’s ids', async () => {
    const h = harness();
    const first = h.link.requestStore({ id: 7, method: 'getOp', request: { id: 'a' } });
    const second = h.link.requestStore({ id: 7, method: 'getOp', request: { id: 'b' } });
    expect(h.sent).toHaveLength(2);
    const [a, b] = h.sent as [StoreRequest, StoreRequest];
    expect(a.id).not.toBe(b.id); // two engines may both use id 7: the wire ids never collide
    h.receiveStoreReply(h.reply(b.id, 'B'));
    h.receiveStoreReply(h.reply(a.id, 'A'));
    await expect(first).resolves.toEqual(h.reply(7, 'A'));
    await expect(second).resolves.toEqual(h.reply(7, 'B'));
  });

  it('ignores replies with unknown ids and malformed replies', async () => {
    const h = harness(200);
    const pending = h.link.requestStore({ id: 1, method: 'getOp', request: { id: 'a' } });
    const wireId = h.sent[0]!.id;
    h.receiveStoreReply(h.reply(wireId + 100, 'stranger'));
    h.receiveStoreReply({ id: wireId, result: { ok: 'yes' } });
    h.receiveStoreReply({ id: wireId, result: { ok: true, value: 1 }, extra: true });
    h.receiveStoreReply('not even an object');
    h.receiveStoreReply(null);
    h.receiveStoreReply(h.reply(wireId, 'right'));
    await expect(pending).resolves.toEqual(h.reply(1, 'right'));
    // A second reply to a settled request is an unknown id now.
    expect(() => h.receiveStoreReply(h.reply(wireId, 'again'))).not.toThrow();
  });

  it('rejects every pending request on close, and any request after it', async () => {
    const h = harness();
    const one = h.link.requestStore({ id: 1, method: 'getOp', request: {} });
    const two = h.link.requestStore({ id: 2, method: 'listOps', request: {} });
    h.close('the window closed');
    expect(h.link.closed).toBe(true);
    await expect(one).rejects.toThrow(/closed: the window closed/);
    await expect(two).rejects.toBeInstanceOf(RendererLinkError);
    await expect(two).rejects.toMatchObject({ timedOut: false });
    await expect(h.link.requestStore({ id: 3, method: 'getOp', request: {} })).rejects.toThrow(/is closed/);
    expect(h.sent).toHaveLength(2);
  });

  it('rejects a request the renderer does not answer in time, saying it timed out', async () => {
    const h = harness(50);
    const started = Date.now();
    const late = h.link.requestStore({ id: 1, method: 'listOps', request: {} });
    await expect(late).rejects.toThrow(/did not answer listOps within 50 ms/);
    // A timeout may be retried (the renderer may still be working on it); a closed link may not.
    await expect(late).rejects.toMatchObject({ timedOut: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    // The late reply is ignored.
    expect(() => h.receiveStoreReply(h.reply(h.sent[0]!.id, 'late'))).not.toThrow();
  });

  it('rejects at once when the transport cannot send', async () => {
    const created = createRendererLink({
      label: 'broken',
      sendEvent: () => {
        throw new Error('gone');
      },
      sendStoreRequest: () => {
        throw new Error('socket closed');
      },
    });
    await expect(created.link.requestStore({ id: 1, method: 'getOp', request: {} })).rejects.toThrow(
      /broken: socket closed/,
    );
    // emit is best effort: a failing transport never throws into the caller.
    expect(() => created.link.emit({ event: 'store.detached', payload: { reason: 'x' } })).not.toThrow();
  });

  it('emits events as envelopes, and nothing once closed', () => {
    const h = harness();
    h.link.emit({ event: 'ops.changed', payload: { ids: ['a'] } });
    h.close('bye');
    h.link.emit({ event: 'ops.changed', payload: { ids: ['b'] } });
    expect(h.events).toEqual([{ event: 'ops.changed', payload: { ids: ['a'] } }]);
  });
});
