/** `dataFile`: the state survives a restart; a corrupt file stops the start instead of being overwritten. */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureState, startTestSimulator } from './http/testing';
import { deserialiseState, SAVE_DELAY_MS, serialiseState } from './persistence';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dockhand-sim-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const createPort = async (baseUrl: string, headers: Record<string, string>, name: string) => {
  const origin = baseUrl.replace(/\/v2\.1$/, '');
  const response = await fetch(`${origin}/v2/shippingports`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
};

function withoutMap(name: string): string {
  const file = JSON.parse(serialiseState(fixtureState())) as { state: Record<string, unknown> };
  delete file.state[name];
  return JSON.stringify(file);
}

describe('serialisation', () => {
  it('round-trips every Map and plain field', () => {
    const state = fixtureState();
    const copy = deserialiseState(serialiseState(state), 'memory');
    expect(copy).toEqual(state);
    expect(copy.purchaseOrders).toBeInstanceOf(Map);
    expect(copy.msl.get('5012:1')).toBe(6);
  });
});

describe('dataFile', () => {
  it('writes the initial state, saves mutations and loads them after a restart', async () => {
    const file = join(dir, 'nested', 'state.json');
    let sim = await startTestSimulator({ dataFile: file });
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ format: 'dockhand-simulator-state' });

    const id = await createPort(sim.baseUrl, await sim.authHeaders(), 'Saved before the timer');
    // Saved by the timer (SAVE_DELAY_MS after the write), not by the stop below: waited for, not slept on,
    // since a loaded machine may run the timer and the write late.
    await vi.waitFor(async () => expect(await readFile(file, 'utf8')).toContain('Saved before the timer'), {
      timeout: 15_000,
      interval: SAVE_DELAY_MS / 5,
    });
    const second = await createPort(sim.baseUrl, await sim.authHeaders(), 'Saved on stop');
    await sim.stop();

    // The generator is never asked: the file supplies the state, whatever `state` says.
    sim = await startTestSimulator({
      dataFile: file,
      state: { ...fixtureState(), shippingPorts: new Map() },
    });
    try {
      expect(sim.state.shippingPorts.get(id)?.name).toBe('Saved before the timer');
      expect(sim.state.shippingPorts.get(second)?.name).toBe('Saved on stop');
      expect(sim.state.nextId['shippingPorts']).toBe(second + 1);
      expect(await readdir(join(dir, 'nested'))).toEqual(['state.json']); // no temporary file left behind
    } finally {
      await sim.stop();
    }
  });

  it.each([
    ['not JSON', '{"format":'],
    ['empty', ''],
    ['another format', JSON.stringify({ format: 'x', version: 1, saved_on: '', state: {} })],
    ['missing a Map', withoutMap('purchaseOrders')],
  ])('refuses to start on a file that is %s, and leaves it alone', async (_name, text) => {
    const file = join(dir, 'state.json');
    await writeFile(file, text);
    await expect(startTestSimulator({ dataFile: file })).rejects.toThrow(
      /Cannot load simulator data from .*state\.json/,
    );
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
