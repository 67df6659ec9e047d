import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyFileCipher, safeStorageCipher, type SafeStorageLike } from './cipher';
import { SecretBox } from './secretBox';

const KEY = 'live-key-7f3a9c';
const connection = { baseUrl: 'https://backoffice.example/v2.1', apiKey: KEY, demo: false };

/** A stand-in for Electron's safeStorage: XOR "encryption" is enough to tell stored bytes from the key. */
function fakeSafeStorage(backend: string, available = true): SafeStorageLike {
  const xor = (bytes: Uint8Array) => Uint8Array.from(bytes, (byte) => byte ^ 0x5a);
  return {
    isAsyncEncryptionAvailable: async () => available,
    getSelectedStorageBackend: () => backend,
    encryptStringAsync: async (text) => xor(new TextEncoder().encode(text)),
    decryptStringAsync: async (bytes) => ({ result: new TextDecoder().decode(xor(bytes)) }),
  };
}

const dir = () => mkdtempSync(join(tmpdir(), 'dockhand-secrets-'));

describe('SecretBox', () => {
  it('persists the connection encrypted and reads it back in a new box', async () => {
    const folder = dir();
    const file = join(folder, 'credentials.bin');
    const cipher = keyFileCipher(join(folder, 'secret.key'));
    await new SecretBox(cipher, file).save(connection);
    expect(readFileSync(file).toString('latin1')).not.toContain(KEY);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(folder, 'secret.key')).mode & 0o777).toBe(0o600);
    const reopened = new SecretBox(keyFileCipher(join(folder, 'secret.key')), file);
    expect(await reopened.load()).toEqual(connection);
  });

  it('never puts the key in what the UI is told', async () => {
    const folder = dir();
    const box = new SecretBox(keyFileCipher(join(folder, 'k')), join(folder, 'c'));
    const info = await box.save(connection);
    expect(JSON.stringify(info)).not.toContain(KEY);
    expect(info).toEqual({ configured: true, baseUrl: connection.baseUrl, demo: false, persistent: true });
  });

  it('keeps the key for the session only when safeStorage falls back to basic_text, and says so', async () => {
    const folder = dir();
    const file = join(folder, 'credentials.bin');
    const box = new SecretBox(safeStorageCipher(fakeSafeStorage('basic_text'), 'linux'), file);
    const info = await box.save(connection);
    expect(info.persistent).toBe(false);
    expect(info.storageWarning).toMatch(/keyring.*session only/);
    expect(await box.load()).toEqual(connection);
    expect(() => statSync(file)).toThrow();
    const nextSession = new SecretBox(safeStorageCipher(fakeSafeStorage('basic_text'), 'linux'), file);
    expect(await nextSession.load()).toBeUndefined();
  });

  it('uses the keychain when safeStorage has a real backend', async () => {
    const folder = dir();
    const file = join(folder, 'credentials.bin');
    const cipher = safeStorageCipher(fakeSafeStorage('gnome_libsecret'), 'linux');
    await new SecretBox(cipher, file).save(connection);
    expect(readFileSync(file).toString('latin1')).not.toContain(KEY);
    expect(await new SecretBox(cipher, file).load()).toEqual(connection);
    const unavailable = safeStorageCipher(fakeSafeStorage('unknown', false), 'win32');
    expect(await unavailable.unavailableReason()).toMatch(/keychain is not available/);
  });

  it('treats a damaged credentials file as no connection, and clear removes it', async () => {
    const folder = dir();
    const file = join(folder, 'credentials.bin');
    const cipher = keyFileCipher(join(folder, 'k'));
    const box = new SecretBox(cipher, file);
    await box.save(connection);
    writeFileSync(file, 'garbage');
    expect(await new SecretBox(cipher, file).load()).toBeUndefined();
    await box.clear();
    expect(await box.describe()).toMatchObject({ configured: false });
  });

  it('rejects a malformed connection with the field named', async () => {
    const folder = dir();
    const box = new SecretBox(keyFileCipher(join(folder, 'k')), join(folder, 'c'));
    await expect(box.save({ ...connection, baseUrl: 'ftp://x' })).rejects.toThrow(/baseUrl/);
    await expect(box.save({ ...connection, apiKey: '' })).rejects.toThrow(/apiKey/);
  });

  it('two first saves at once make one key, and what each saved is readable with it', async () => {
    const folder = dir();
    const file = join(folder, 'credentials.bin');
    const keyFile = join(folder, 'secret.key');
    const box = new SecretBox(keyFileCipher(keyFile), file);
    const other = { ...connection, apiKey: 'other-key-19be' };
    await Promise.all([box.save(connection), box.save(other)]);
    expect(readFileSync(keyFile)).toHaveLength(32);
    const saved = await new SecretBox(keyFileCipher(keyFile), file).load();
    expect([connection, other]).toContainEqual(saved);
    // Nothing half-done is left behind: only the key and the credentials.
    expect(readdirSync(folder).sort()).toEqual(['credentials.bin', 'secret.key']);
  });

  it('two ciphers on one new key file (two hosts on one data dir) agree on one key', async () => {
    const folder = dir();
    const keyFile = join(folder, 'nested', 'secret.key');
    const first = keyFileCipher(keyFile);
    const second = keyFileCipher(keyFile);
    const [a, b, c] = await Promise.all([
      first.encrypt('from the first'),
      second.encrypt('from the second'),
      first.encrypt('the first again'),
    ]);
    const reader = keyFileCipher(keyFile);
    expect(await reader.decrypt(a)).toBe('from the first');
    expect(await reader.decrypt(b)).toBe('from the second');
    expect(await reader.decrypt(c)).toBe('the first again');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(folder, 'nested'))).toEqual(['secret.key']);
  });

  it('never saves or uses a connection that would send the key over plain http to another machine', async () => {
    const folder = dir();
    const file = join(folder, 'credentials.bin');
    const cipher = keyFileCipher(join(folder, 'secret.key'));
    const box = new SecretBox(cipher, file);
    const insecure = { ...connection, baseUrl: 'http://backoffice.example/v2.1' };
    await expect(box.save(insecure)).rejects.toThrow(/Use an https:\/\/ address/);
    expect(readdirSync(folder)).not.toContain('credentials.bin');
    // One saved by an older version reads as absent: the connect screen asks again, offered its address
    // (so the https one can keep its database), never its key. The file stays until a new save.
    writeFileSync(file, await cipher.encrypt(JSON.stringify(insecure)));
    const older = new SecretBox(cipher, file);
    expect(await older.load()).toBeUndefined();
    const info = await older.describe();
    expect(info).toMatchObject({ configured: false, insecureBaseUrl: insecure.baseUrl });
    expect(JSON.stringify(info)).not.toContain(KEY);
    expect(readdirSync(folder)).toContain('credentials.bin');
    // Saved again over https with the old database's name: it is kept and told.
    const moved = { ...connection, storeName: 'dockhand-0123456789abcdef' };
    expect(await older.save(moved)).toMatchObject({ configured: true, storeName: moved.storeName });
    expect(await older.describe()).not.toHaveProperty('insecureBaseUrl');
    expect(await new SecretBox(cipher, file).load()).toEqual(moved);
    // This computer (the demo simulator) stays on http.
    const demo = { baseUrl: 'http://127.0.0.1:4010/v2.1', apiKey: KEY, demo: true };
    expect(await box.save(demo)).toMatchObject({ configured: true, baseUrl: demo.baseUrl });
    expect(await new SecretBox(cipher, file).load()).toEqual(demo);
  });

  it('refuses a damaged key file instead of replacing it', async () => {
    const folder = dir();
    const keyFile = join(folder, 'secret.key');
    writeFileSync(keyFile, 'short');
    await expect(keyFileCipher(keyFile).encrypt('x')).rejects.toThrow(/damaged/);
    expect(readFileSync(keyFile, 'utf8')).toBe('short');
  });
});
