/**
 * The only place the API connection's secret lives: the main process (or the browser host's Node process).
 * Persisted encrypted when the cipher can persist; otherwise kept for this session only, and the status says
 * why. The renderer never receives the key: it gets `describe()`, which has none.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { isInsecureRemoteUrl, secureTransport } from '../../../src/api/secureUrl';
import type { SecretCipher } from './cipher';

const connectionFields = {
  apiKey: z.string().min(1).max(512),
  demo: z.boolean().default(false),
  /**
   * The database this connection's cache and queued edits live in, when it is not the one its URL names
   * (electron/core/bridge/connectionTest.ts storeNameFor): a connection moved from http:// to https:// keeps
   * the database the http one filled, so no edit queued before the move is left behind.
   */
  storeName: z
    .string()
    .regex(/^dockhand-[0-9a-f]{16}$/)
    .optional(),
};

/**
 * A connection that would send the key over plain http to another machine is never saved, nor used when read
 * back: one saved before the https rule (src/api/secureUrl.ts) reads as absent, so the connect screen asks again.
 */
export const ConnectionSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }).check(secureTransport()),
  ...connectionFields,
});
export type Connection = z.infer<typeof ConnectionSchema>;

/** What an older version may have saved: the same, with any http(s) URL. Read only to name its address. */
const SavedBeforeHttpsRule = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }),
  ...connectionFields,
});

/** What the UI may know about the stored connection: never the key. */
export interface ConnectionInfo {
  configured: boolean;
  baseUrl?: string;
  demo?: boolean;
  persistent: boolean;
  /** Set when secrets are kept for this session only. */
  storageWarning?: string;
  /** The saved connection's database when it is not the one its URL names (ConnectionSchema.storeName). */
  storeName?: string;
  /**
   * Not configured because the saved connection is an http:// one to another machine, saved before the https
   * rule: its address, so the connect screen can offer the https one and keep its database (never its key).
   */
  insecureBaseUrl?: string;
}

export class SecretBox {
  private session: Connection | undefined;
  /** The address of a saved http:// connection to another machine, which is refused (see ConnectionInfo). */
  private insecureBaseUrl: string | undefined;

  constructor(
    private readonly cipher: SecretCipher,
    private readonly file: string,
  ) {}

  async save(connection: Connection): Promise<ConnectionInfo> {
    const valid = ConnectionSchema.parse(connection);
    this.session = valid;
    if (await this.cipher.isPersistent()) {
      const encrypted = await this.cipher.encrypt(JSON.stringify(valid));
      // A name of its own per save: two saves at once must not write into the same temporary file.
      const temporary = `${this.file}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
      await writeFile(temporary, encrypted, { mode: 0o600 });
      await rename(temporary, this.file);
    }
    return this.describe();
  }

  /** The stored connection, or undefined. A file that cannot be decrypted is treated as absent, not fatal. */
  async load(): Promise<Connection | undefined> {
    if (this.session) return this.session;
    if (!(await this.cipher.isPersistent())) return undefined;
    let encrypted: Buffer;
    try {
      encrypted = await readFile(this.file);
    } catch {
      return undefined;
    }
    let saved: unknown;
    try {
      saved = JSON.parse(await this.cipher.decrypt(encrypted));
    } catch {
      return undefined;
    }
    const connection = ConnectionSchema.safeParse(saved);
    if (connection.success) return (this.session = connection.data);
    // The file is left as it is: only a new save replaces it.
    const older = SavedBeforeHttpsRule.safeParse(saved);
    if (older.success && !older.data.demo && isInsecureRemoteUrl(older.data.baseUrl))
      this.insecureBaseUrl = older.data.baseUrl;
    return undefined;
  }

  async clear(): Promise<void> {
    this.session = undefined;
    this.insecureBaseUrl = undefined;
    await rm(this.file, { force: true });
  }

  async describe(): Promise<ConnectionInfo> {
    const connection = await this.load();
    const persistent = await this.cipher.isPersistent();
    const warning = persistent ? undefined : await this.cipher.unavailableReason();
    return {
      configured: connection !== undefined,
      ...(connection ? { baseUrl: connection.baseUrl, demo: connection.demo } : {}),
      ...(connection?.storeName ? { storeName: connection.storeName } : {}),
      ...(!connection && this.insecureBaseUrl ? { insecureBaseUrl: this.insecureBaseUrl } : {}),
      persistent,
      ...(warning ? { storageWarning: `${warning} The API key is kept for this session only.` } : {}),
    };
  }
}
