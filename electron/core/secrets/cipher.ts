/**
 * How a SecretBox encrypts: the OS keychain through Electron's safeStorage in the desktop app, or a local
 * AES-256-GCM key file in the browser host. Both are passed in, so the box runs in plain Node tests.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export interface SecretCipher {
  /** False when the store can only keep secrets for this session (no keychain). */
  isPersistent(): Promise<boolean>;
  /** Why secrets cannot be persisted, in words for the user; undefined when they can. */
  unavailableReason(): Promise<string | undefined>;
  encrypt(plainText: string): Promise<Uint8Array>;
  decrypt(cipherText: Uint8Array): Promise<string>;
}

/** The members of Electron's safeStorage (async API) this adapter uses. */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  getSelectedStorageBackend?(): string;
  encryptStringAsync(plainText: string): Promise<Uint8Array>;
  decryptStringAsync(encrypted: Uint8Array): Promise<{ result: string }>;
}

/**
 * safeStorage. On Linux without a keyring the backend is `basic_text`: a hard-coded key, i.e. no protection,
 * so the box must not persist with it and tells the user so.
 */
export function safeStorageCipher(safeStorage: SafeStorageLike, platform: string): SecretCipher {
  const reason = async () => {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return 'The system keychain is not available.';
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') {
      return 'No system keyring (such as GNOME Keyring or KWallet) is running.';
    }
    return undefined;
  };
  return {
    isPersistent: async () => (await reason()) === undefined,
    unavailableReason: reason,
    encrypt: (plainText) => safeStorage.encryptStringAsync(plainText),
    decrypt: async (cipherText) => (await safeStorage.decryptStringAsync(cipherText)).result,
  };
}

/**
 * The browser host has no keychain: AES-256-GCM with a random key in its own file (mode 0600). This keeps the
 * key out of the credentials file and out of backups of it; it does not protect against someone who can
 * read the user's files, which the README says.
 */
export function keyFileCipher(keyFile: string): SecretCipher {
  let key: Buffer | undefined;
  const loadKey = async (): Promise<Buffer> => {
    if (key) return key;
    try {
      key = await readFile(keyFile);
      if (key.length !== 32) throw new Error(`The key file ${keyFile} is damaged`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      key = randomBytes(32);
      await mkdir(dirname(keyFile), { recursive: true });
      await writeFile(keyFile, key, { mode: 0o600, flag: 'wx' });
      await chmod(keyFile, 0o600);
    }
    return key;
  };
  return {
    isPersistent: async () => true,
    unavailableReason: async () => undefined,
    async encrypt(plainText) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await loadKey(), iv);
      const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]);
    },
    async decrypt(cipherText) {
      const data = Buffer.from(cipherText);
      const decipher = createDecipheriv('aes-256-gcm', await loadKey(), data.subarray(0, 12));
      decipher.setAuthTag(data.subarray(12, 28));
      return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
