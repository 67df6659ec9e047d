/**
 * What the renderer is told about the saved connection: a refused http:// one offers its https:// address,
 * and a connection that carried over an older database names that database, so its queued edits are opened.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFileCipher } from '../secrets/cipher';
import { SecretBox } from '../secrets/secretBox';
import { connectionState } from './connectionState';
import { storeCarriedOver, storeNameFor } from './connectionTest';

const KEY = 'live-key-51c0';
const OLD = 'http://backoffice.example/v2.1';
const NEW = 'https://backoffice.example/v2.1';

function box() {
  const folder = mkdtempSync(join(tmpdir(), 'dockhand-connection-state-'));
  const cipher = keyFileCipher(join(folder, 'secret.key'));
  const file = join(folder, 'credentials.bin');
  return { cipher, file, secrets: new SecretBox(cipher, file) };
}

const state = (secrets: SecretBox, suggested?: string) =>
  connectionState(secrets, () => Promise.resolve('small'), suggested);

describe('connectionState', () => {
  it('offers the https address of a refused http connection, and keeps its database once connected', async () => {
    const { cipher, file, secrets } = box();
    // As an older version saved it, before the https rule.
    writeFileSync(file, await cipher.encrypt(JSON.stringify({ baseUrl: OLD, apiKey: KEY, demo: false })));
    const refused = await state(secrets, 'https://suggested.example/v2.1');
    expect(refused).toMatchObject({ status: 'none', storeName: null, suggestedBaseUrl: NEW });
    expect(JSON.stringify(refused)).not.toContain(KEY);

    // What connection.set saves for the same API over https (mainBridge).
    const storeName = storeCarriedOver((await secrets.describe()).insecureBaseUrl, NEW);
    expect(storeName).toBe(storeNameFor(OLD));
    await secrets.save({ baseUrl: NEW, apiKey: KEY, demo: false, ...(storeName ? { storeName } : {}) });
    const connected = await state(new SecretBox(cipher, file));
    expect(connected).toMatchObject({ status: 'configured', baseUrl: NEW, storeName: storeNameFor(OLD) });
  });

  it("names a connection's own database when nothing carried over", async () => {
    const { secrets } = box();
    expect(await state(secrets, 'https://suggested.example/v2.1')).toMatchObject({
      status: 'none',
      suggestedBaseUrl: 'https://suggested.example/v2.1',
    });
    await secrets.save({ baseUrl: NEW, apiKey: KEY, demo: false });
    expect(await state(secrets)).toMatchObject({ status: 'configured', storeName: storeNameFor(NEW) });
  });
});
