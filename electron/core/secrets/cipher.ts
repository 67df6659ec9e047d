/**
 * How a SecretBox encrypts: the OS keychain through Electron's safeStorage in the desktop app, or a local
 * AES-256-GCM key file in the browser host. Both are passed in, so the box runs in plain Node tests.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
 *
 * The first use creates the key, and must never create two: a second key would make whatever the first one
 * encrypted unreadable. Within a process every use shares one load; between processes (two hosts on one data
 * dir) the file is made complete under a temporary name and linked into place, which fails if it exists, and
 * the loser reads the winner's key.
 */
export function keyFileCipher(keyFile: string): SecretCipher {
  let loading: Promise<Buffer> | undefined;
  const loadKey = (): Promise<Buffer> => {
    loading ??= readOrCreateKey(keyFile).catch((error: unknown) => {
      loading = undefined; // a failed first use (a full disk, say) may be tried again
      throw error;
    });
    return loading;
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

async function readKey(keyFile: string): Promise<Buffer | undefined> {
  let key: Buffer;
  try {
    key = await readFile(keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (key.length !== 32) throw new Error(`The key file ${keyFile} is damaged`);
  return key;
}

async function readOrCreateKey(keyFile: string): Promise<Buffer> {
  const existing = await readKey(keyFile);
  if (existing) return existing;
  await mkdir(dirname(keyFile), { recursive: true });
  // Written whole under a name of its own, then linked: nobody ever reads a half-written key file.
  const temporary = `${keyFile}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
  const key = randomBytes(32);
  try {
    await writeFile(temporary, key, { mode: 0o600, flag: 'wx' });
    await chmod(temporary, 0o600);
    try {
      await link(temporary, keyFile);
      return key;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (NO_HARD_LINKS.has(code)) {
        if (await writeExclusive(keyFile, key)) return key;
      } else if (code !== 'EEXIST') throw error;
    }
  } finally {
    await rm(temporary, { force: true });
  }
  // Another process made it first: its key is the one.
  const winner = await readKey(keyFile);
  if (!winner) throw new Error(`The key file ${keyFile} vanished while it was being created`);
  return winner;
}

/**
 * A data dir on a file system without hard links (some network shares, FAT): the key is written in place,
 * exclusively, so a second creator still fails with EEXIST and reads the first one's key.
 */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'ENOSYS', 'EXDEV']);

/** True when written; false when another creator's file is already there. */
async function writeExclusive(keyFile: string, key: Buffer): Promise<boolean> {
  try {
    await writeFile(keyFile, key, { mode: 0o600, flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
