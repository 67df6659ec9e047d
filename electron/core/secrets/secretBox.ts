/**
 * The only place the API connection's secret lives: the main process (or the browser host's Node process).
 * Persisted encrypted when the cipher can persist; otherwise kept for this session only, and the status says
 * why. The renderer never receives the key: it gets `describe()`, which has none.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { secureTransport } from '../../../src/api/secureUrl';
import type { SecretCipher } from './cipher';

/**
 * A connection that would send the key over plain http to another machine is never saved, nor used when read
 * back: one saved before the https rule (src/api/secureUrl.ts) reads as absent, so the connect screen asks again.
 */
export const ConnectionSchema = z.strictObject({
  baseUrl: z.url({ protocol: /^https?$/ }).check(secureTransport()),
  apiKey: z.string().min(1).max(512),
  demo: z.boolean().default(false),
});
export type Connection = z.infer<typeof ConnectionSchema>;

/** What the UI may know about the stored connection: never the key. */
export interface ConnectionInfo {
  configured: boolean;
  baseUrl?: string;
  demo?: boolean;
  persistent: boolean;
  /** Set when secrets are kept for this session only. */
  storageWarning?: string;
}

export class SecretBox {
  private session: Connection | undefined;

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
    try {
      this.session = ConnectionSchema.parse(JSON.parse(await this.cipher.decrypt(encrypted)));
      return this.session;
    } catch {
      return undefined;
    }
  }

  async clear(): Promise<void> {
    this.session = undefined;
    await rm(this.file, { force: true });
  }

  async describe(): Promise<ConnectionInfo> {
    const connection = await this.load();
    const persistent = await this.cipher.isPersistent();
    const warning = persistent ? undefined : await this.cipher.unavailableReason();
    return {
      configured: connection !== undefined,
      ...(connection ? { baseUrl: connection.baseUrl, demo: connection.demo } : {}),
      persistent,
      ...(warning ? { storageWarning: `${warning} The API key is kept for this session only.` } : {}),
    };
  }
}
