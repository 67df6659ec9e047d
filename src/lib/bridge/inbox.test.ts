/**
 * The bridge's inbox (./inbox.ts): messages are handled after the thread is given back, in arrival order,
 * a budget's worth at a time, a superseded one skipped; a drain handles the rest at once. The yield and
 * the clock are the test's, so nothing depends on the machine's speed.
 */
import { describe, expect, it } from 'vitest';
import { createInbox } from './inbox';

function harness(msPerLook = 0) {
  const held: (() => void)[] = [];
  let time = 0;
  const handled: string[] = [];
  const inbox = createInbox((message: string) => handled.push(message), {
    // A status ("s…") is pointless once a newer one is queued behind it.
    supersedes: (later, message) => message.startsWith('s') && later.startsWith('s'),
    budgetMs: 8,
    now: () => (time += msPerLook),
    yieldNow: () => new Promise<void>((resolve) => held.push(resolve)),
  });
  const release = async () => {
    for (const resolve of held.splice(0)) resolve();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { inbox, handled, held, release };
}

describe('the bridge inbox', () => {
  it('handles nothing in the task a message came in, then all of it in order', async () => {
    const { inbox, handled, held, release } = harness();
    inbox.push('a');
    inbox.push('b');
    expect(handled).toEqual([]);
    expect(held).toHaveLength(1);
    await release();
    expect(handled).toEqual(['a', 'b']);
  });

  it('skips a status a newer one replaces, and keeps everything else in its place', async () => {
    const { inbox, handled, release } = harness();
    for (const message of ['s1', 'a', 's2', 'b', 's3']) inbox.push(message);
    await release();
    expect(handled).toEqual(['a', 'b', 's3']);
  });

  it('gives the thread back once a batch has run its budget', async () => {
    // The clock moves 3 ms a look: a batch is over its 8 ms after its third message.
    const { inbox, handled, held, release } = harness(3);
    for (const message of ['a', 'b', 'c', 'd', 'e']) inbox.push(message);
    await release();
    expect(handled).toEqual(['a', 'b', 'c']);
    expect(held).toHaveLength(1);
    await release();
    expect(handled).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('reports a handler that throws and still handles the messages behind it, in the same batch', async () => {
    const held: (() => void)[] = [];
    const handled: string[] = [];
    const errors: unknown[] = [];
    const inbox = createInbox(
      (message: string) => {
        if (message === 'bad') throw new Error('bad message');
        handled.push(message);
      },
      {
        yieldNow: () => new Promise<void>((resolve) => held.push(resolve)),
        onError: (error) => errors.push(error),
      },
    );
    for (const message of ['a', 'bad', 'c']) inbox.push(message);
    for (const resolve of held.splice(0)) resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(handled).toEqual(['a', 'c']);
    expect(errors).toEqual([new Error('bad message')]);
    expect(held).toHaveLength(0);
  });

  it('drains at once, and clears what it holds', async () => {
    const { inbox, handled, release } = harness();
    inbox.push('a');
    inbox.push('b');
    inbox.drain();
    expect(handled).toEqual(['a', 'b']);
    inbox.push('c');
    inbox.clear();
    await release();
    expect(handled).toEqual(['a', 'b']);
  });
});
