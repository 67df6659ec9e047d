/**
 * A SecretBox that teaches the log redactor every API key it sees. The key reaches the main side only through
 * the box (saved from the connect form, loaded from disk), so hooking the box registers it before any log
 * line can quote it, without the bridge or the engine having to know about logging.
 */
import type { SecretCipher } from '../secrets/cipher';
import { SecretBox, type Connection } from '../secrets/secretBox';
import type { Redactor } from './redact';

export class RedactingSecretBox extends SecretBox {
  constructor(
    cipher: SecretCipher,
    file: string,
    private readonly redactor: Redactor,
  ) {
    super(cipher, file);
  }

  override async save(connection: Connection) {
    // Before validation: a key the box rejects is still a secret someone typed.
    this.redactor.addSecret(connection.apiKey);
    return super.save(connection);
  }

  override async load() {
    const connection = await super.load();
    this.redactor.addSecret(connection?.apiKey);
    return connection;
  }
}
