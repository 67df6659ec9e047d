import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keyFileCipher } from '../secrets/cipher';
import { createFileLogger } from './fileLogger';
import { createRedactor, REDACTED } from './redact';
import { RedactingSecretBox } from './redactingSecretBox';

const KEY = 'sk_live_5fQ2xZ9k';
const folders: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'dockhand-log-'));
  folders.push(dir);
  return dir;
};
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const fixedClock = () => new Date('2030-01-02T03:04:05.000Z');
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A console that records what it is told. */
function recordingConsole() {
  const calls: [string, unknown[]][] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void calls.push([level, args]);
  return { console: { info: record('info'), warn: record('warn'), error: record('error') }, calls };
}

describe('createFileLogger', () => {
  it('keeps a key and a replaced token out of the file in whatever form a server echoed them', () => {
    const redactor = createRedactor();
    const printed = recordingConsole();
    const logger = createFileLogger({ dir: tempDir(), redactor, now: fixedClock, console: printed.console });
    const past = 'tok.past-5a6b7c8d';
    redactor.addSecret(KEY);
    redactor.addSecret(past);
    redactor.addSecret('tok.live-1e2f3a4b');
    const basic = Buffer.from(`dock:${KEY}`).toString('base64');
    logger.warn(`gateway echoed AUTHORIZATION: BEARER ${past.toUpperCase()}`, {
      detail: `proxy-auth ${basic}; key ${KEY.toLowerCase()}; old ${past.toUpperCase()}`,
      body: JSON.stringify({ echo: `x-api-key=${KEY}` }).replace(/\//g, '\\/'),
    });
    const text = readFileSync(logger.file, 'utf8') + JSON.stringify(printed.calls);
    expect(text).toContain(`AUTHORIZATION: BEARER ${REDACTED}`);
    for (const leak of [KEY, KEY.toLowerCase(), past, past.toUpperCase(), basic.slice(4, -4)])
      expect(text).not.toContain(leak);
  });

  it('writes one JSON line per entry with time, level, message and fields, creating the folder', () => {
    const dir = join(tempDir(), 'nested', 'logs');
    const logger = createFileLogger({ dir, redactor: createRedactor(), now: fixedClock });
    logger.info('sync started', { ops: 3 });
    logger.warn('slow');
    logger.error('push failed', { opId: 'op-1', status: 500 });
    expect(logger.file).toBe(join(dir, 'dockhand.log'));
    expect(lines(logger.file)).toEqual([
      { time: '2030-01-02T03:04:05.000Z', level: 'info', message: 'sync started', fields: { ops: 3 } },
      { time: '2030-01-02T03:04:05.000Z', level: 'warn', message: 'slow' },
      {
        time: '2030-01-02T03:04:05.000Z',
        level: 'error',
        message: 'push failed',
        fields: { opId: 'op-1', status: 500 },
      },
    ]);
    if (process.platform !== 'win32') expect(statSync(logger.file).mode & 0o777).toBe(0o600);
  });

  it('rotates by size and keeps only `keep` old files', () => {
    const dir = tempDir();
    const logger = createFileLogger({
      dir,
      fileName: 'app.log',
      maxBytes: 400,
      keep: 2,
      redactor: createRedactor(),
    });
    for (let index = 0; index < 40; index++) logger.info(`entry ${index}`, { padding: 'x'.repeat(40) });
    expect(readdirSync(dir).sort()).toEqual(['app.log', 'app.log.1', 'app.log.2']);
    for (const name of ['app.log', 'app.log.1', 'app.log.2']) {
      expect(statSync(join(dir, name)).size).toBeLessThanOrEqual(400);
    }
    // Newest in the current file, the one before it in .1: nothing is lost between them.
    const current = lines(join(dir, 'app.log')).map((entry) => entry['message']);
    const previous = lines(join(dir, 'app.log.1')).map((entry) => entry['message']);
    expect(current.at(-1)).toBe('entry 39');
    expect(Number(String(current[0]).split(' ')[1])).toBe(Number(String(previous.at(-1)).split(' ')[1]) + 1);
  });

  it('counts a file left by an earlier run before rotating', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'dockhand.log'), 'x'.repeat(390) + '\n');
    const logger = createFileLogger({ dir, maxBytes: 400, redactor: createRedactor() });
    logger.info('first line of this run');
    expect(readFileSync(join(dir, 'dockhand.log.1'), 'utf8')).toHaveLength(391);
    expect(lines(join(dir, 'dockhand.log'))).toHaveLength(1);
  });

  it('never puts a secret in the file: message, nested fields, Errors, patterns', () => {
    const dir = tempDir();
    const redactor = createRedactor();
    redactor.addSecret(KEY);
    const logger = createFileLogger({ dir, redactor });
    const failure = new Error(`request with x-api-key: ${KEY} refused`, {
      cause: new Error('token {"access_token":"tok-999"} expired'),
    });
    logger.info(`connected with ${KEY}`);
    logger.error('push failed', {
      error: failure,
      request: { headers: { authorization: 'Bearer tok-888' }, body: { apiKey: KEY } },
      attempts: [{ note: `retry ${KEY}` }],
    });
    logger.warn('token', { detail: 'Authorization: Bearer tok-777' });
    const text = readFileSync(logger.file, 'utf8');
    for (const secret of [KEY, 'tok-999', 'tok-888', 'tok-777']) expect(text).not.toContain(secret);
    expect(text).toContain(REDACTED);
    const [, error] = lines(logger.file);
    expect(error).toMatchObject({
      fields: { error: { message: `request with x-api-key: ${REDACTED} refused` } },
    });
  });

  it('registers keys the SecretBox saves or loads, so later lines never carry them', async () => {
    const dir = tempDir();
    const redactor = createRedactor();
    const logger = createFileLogger({ dir, redactor });
    const box = new RedactingSecretBox(keyFileCipher(join(dir, 'k')), join(dir, 'c.bin'), redactor);
    await box.save({ baseUrl: 'http://127.0.0.1:1/v2.1', apiKey: KEY, demo: false });
    const reopened = createRedactor();
    await new RedactingSecretBox(keyFileCipher(join(dir, 'k')), join(dir, 'c.bin'), reopened).load();
    logger.info(`the key is ${KEY}`);
    expect(readFileSync(logger.file, 'utf8')).not.toContain(KEY);
    expect(reopened.redactText(KEY)).toBe(REDACTED);
  });

  it('never throws when the file cannot be written, reports it once, and recovers', () => {
    const dir = tempDir();
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, '');
    const { console, calls } = recordingConsole();
    const broken = createFileLogger({ dir: blocker, redactor: createRedactor(), console });
    expect(() => {
      broken.info('one');
      broken.error('two', { a: 1 });
    }).not.toThrow();
    expect(calls.filter(([level]) => level === 'error')).toHaveLength(1);
    expect(String(calls[0]?.[1][0])).toMatch(/cannot write the log/);

    const dir2 = tempDir();
    const logger = createFileLogger({ dir: dir2, redactor: createRedactor(), console });
    logger.info('fine');
    rmSync(dir2, { recursive: true, force: true });
    writeFileSync(dir2, '');
    expect(() => logger.warn('lost')).not.toThrow();
    rmSync(dir2);
    logger.info('back');
    expect(existsSync(join(dir2, 'dockhand.log'))).toBe(true);
    expect(lines(join(dir2, 'dockhand.log')).map((entry) => entry['message'])).toEqual(['back']);
  });

  it('echoes redacted entries to the console it is given', () => {
    const redactor = createRedactor();
    redactor.addSecret(KEY);
    const { console, calls } = recordingConsole();
    const logger = createFileLogger({ dir: tempDir(), redactor, console });
    logger.warn(`key ${KEY}`, { key: KEY });
    expect(calls).toEqual([['warn', [`key ${REDACTED}`, { key: REDACTED }]]]);
  });
});
