/**
 * A damaged store is refused, never opened short of edits without a word (./storeTrust.ts, ./outboxMark.ts).
 * A child (testing/outboxChild.ts) queues 50 edits into the database file and 150 more into the write-ahead
 * log and is SIGKILLed; copies of what it left are then damaged as a disk or a person can: the log deleted,
 * cut in half, 4 KB of it scrambled, the database file deleted. SQLite opens each of them without an error
 * and with a clean integrity check, short of the edits after the damage. Then a database file damaged after
 * a clean close. Each must be refused with what was lost, leave the files as they were, and open only when
 * the loss is accepted, which the store records.
 */
import Sqlite from 'better-sqlite3';
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openFileStore } from './fileStore';
import { StoreDamagedError, acceptedLosses, type StoreLoss } from './storeTrust';
import { queueEdits } from './testing/outboxChild';

const BEFORE = 50;
const AFTER = 150;
const QUEUED = BEFORE + AFTER;
const CHILD = resolve(__dirname, 'testing/outboxChild.ts');
const root = mkdtempSync(join(tmpdir(), 'dockhand-damage-'));
const killed = join(root, 'killed');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The child's directory after its SIGKILL: BEFORE edits in the database file, AFTER only in the log. */
beforeAll(
  () =>
    new Promise<void>((done, fail) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', CHILD, killed, String(BEFORE), String(AFTER)],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes(`queued ${QUEUED}`)) child.kill('SIGKILL');
      });
      child.on('exit', (code, signal) =>
        signal === 'SIGKILL' ? done() : fail(new Error(`child ended with ${code}: ${stderr}`)),
      );
    }),
  // Loading tsx and the store on a loaded two-core machine; a bound against a hung child, not a speed check.
  120_000,
);

let copies = 0;
function copyOfKilled(): string {
  const dir = join(root, `copy-${(copies += 1)}`);
  cpSync(killed, dir, { recursive: true });
  return dir;
}

/** Deterministic bytes (a linear congruential generator): damage that is the same on every run. */
function scrambled(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}
function overwrite(path: string, offset: number, bytes: Buffer) {
  const file = readFileSync(path);
  bytes.copy(file, offset);
  writeFileSync(path, file);
}

/**
 * What SQLite by itself makes of the directory's database and log (on a copy, with no stale index of the
 * log): how many edits it holds, and whether it calls itself sound.
 */
function asSqliteSeesIt(dir: string): { edits: number; integrity: string } {
  if (!existsSync(join(dir, DATABASE_FILE))) return { edits: 0, integrity: 'ok' };
  const copy = mkdtempSync(join(root, 'seen-'));
  for (const suffix of ['', '-wal'])
    if (existsSync(join(dir, DATABASE_FILE + suffix)))
      cpSync(join(dir, DATABASE_FILE + suffix), join(copy, DATABASE_FILE + suffix));
  const sqlite = new Sqlite(join(copy, DATABASE_FILE));
  try {
    const integrity = sqlite.pragma('integrity_check', { simple: true }) as string;
    const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE name = 'store/outbox'").get();
    const edits = table ? (sqlite.prepare('SELECT count(*) FROM "store/outbox"').pluck().get() as number) : 0;
    return { edits, integrity };
  } finally {
    sqlite.close();
  }
}

/** Every file of the directory with its size and bytes, to show that a refusal changed nothing. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      // Not the lock's files (./lock.ts), nor the log's index, which SQLite rebuilds from the log at will.
      .filter((name) => !name.endsWith('-shm') && name !== 'LOCK' && !name.startsWith('dockhand.lock'))
      .map((name) => [name, readFileSync(join(dir, name)).toString('base64')]),
  );
}

async function refusal(dir: string): Promise<StoreLoss> {
  const error: unknown = await openFileStore(dir).then(
    async (store) => {
      await store.close();
      return undefined;
    },
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(StoreDamagedError);
  return (error as StoreDamagedError).loss;
}

/** Refused with the count of missing edits; unchanged by the refusal; opened once the loss is accepted. */
async function expectRefusedThenAccepted(dir: string, survivors: number) {
  const before = snapshot(dir);
  const loss = await refusal(dir);
  expect(loss).toMatchObject({ kind: 'incomplete', missingEdits: QUEUED - survivors });
  expect(loss.summary).toMatch(
    new RegExp(`^${QUEUED - survivors} edits made on this PC since .+ are missing from this PC's data in `),
  );
  expect(snapshot(dir)).toEqual(before);

  const accepted = await openFileStore(dir, { acceptLoss: true });
  try {
    expect(await accepted.db.outbox.count()).toBe(survivors);
    // The indexes were rebuilt from the rows: SQLite's and IndexedDB's agree with their tables.
    expect(accepted.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(await accepted.db.outbox.where('state').equals('queued').count()).toBe(survivors);
    expect(await accepted.db.outbox.orderBy('id').count()).toBe(survivors);
    expect(accepted.stats().opened.acceptedLoss).toMatchObject({ missingEdits: QUEUED - survivors });
    // New edits go on from the highest seq the store holds, and the mark follows them.
    await queueEdits(accepted.db, 1_000, 2);
  } finally {
    await accepted.close();
  }
  const again = await openFileStore(dir);
  try {
    expect(await again.db.outbox.count()).toBe(survivors + 2);
    expect(again.stats().opened.acceptedLoss).toBeUndefined();
    expect(acceptedLosses(again.sqlite)).toEqual([
      expect.objectContaining({ kind: 'incomplete', missingEdits: QUEUED - survivors }),
    ]);
  } finally {
    await again.close();
  }
}

describe('a damaged store', () => {
  it('is refused when its write-ahead log was deleted', async () => {
    const dir = copyOfKilled();
    unlinkSync(join(dir, `${DATABASE_FILE}-wal`));
    // Checkpoints had copied some of the later pages into the database file and not others: the file is
    // short of the edits in the log. Which pages made it depends on the schema's layout: either SQLite reads
    // it without an error, with an index that disagrees with its table (incomplete), or its quick check
    // already finds the index wrong (damaged; since schema version 6's extra table).
    const seen = asSqliteSeesIt(dir);
    expect(seen.edits).toBe(BEFORE);
    if (seen.integrity === 'ok') return expectRefusedThenAccepted(dir, seen.edits);
    const before = snapshot(dir);
    const loss = await refusal(dir);
    expect(loss).toMatchObject({ kind: 'damaged', missingEdits: QUEUED });
    expect(loss.summary).toMatch(/is damaged and cannot be trusted \(wrong # of entries in index/);
    expect(snapshot(dir)).toEqual(before);
  });

  it('is refused when its write-ahead log was cut in half', async () => {
    const dir = copyOfKilled();
    const wal = join(dir, `${DATABASE_FILE}-wal`);
    truncateSync(wal, Math.floor(statSync(wal).size / 2));
    const seen = asSqliteSeesIt(dir);
    expect(seen.integrity).toBe('ok');
    expect(seen.edits).toBeGreaterThan(BEFORE);
    expect(seen.edits).toBeLessThan(QUEUED);
    await expectRefusedThenAccepted(dir, seen.edits);
  });

  it('is refused when 4 KB of its write-ahead log were scrambled', async () => {
    const dir = copyOfKilled();
    const wal = join(dir, `${DATABASE_FILE}-wal`);
    overwrite(wal, Math.floor(statSync(wal).size / 2), scrambled(4_096, 25));
    const seen = asSqliteSeesIt(dir);
    expect(seen.integrity).toBe('ok');
    expect(seen.edits).toBeLessThan(QUEUED);
    await expectRefusedThenAccepted(dir, seen.edits);
  });

  it('is refused when its database file was deleted, and the stray log is not replayed into a new one', async () => {
    const dir = copyOfKilled();
    unlinkSync(join(dir, DATABASE_FILE));
    expect(asSqliteSeesIt(dir).edits).toBe(0);
    const loss = await refusal(dir);
    expect(loss.summary).toMatch(/its database file is gone/);
    await expectRefusedThenAccepted(dir, 0);
    expect(readdirSync(dir).filter((name) => /\.damaged-.*-wal$/.test(name))).toHaveLength(1);
  });

  it('still opens as it was after the SIGKILL, with the log intact', async () => {
    const dir = copyOfKilled();
    const store = await openFileStore(dir);
    try {
      expect(await store.db.outbox.count()).toBe(QUEUED);
      expect(store.stats().opened.acceptedLoss).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('is refused when only the record of what was sent is behind (an older copy of the database put back)', async () => {
    const dir = mkdtempSync(join(root, 'older-'));
    const first = await openFileStore(dir);
    await queueEdits(first.db, 0, 3);
    await first.close();
    const older = readFileSync(join(dir, DATABASE_FILE));
    const second = await openFileStore(dir);
    await second.db.outbox.where('seq').equals(1).modify({ state: 'sending' });
    await second.close();
    writeFileSync(join(dir, DATABASE_FILE), older);

    const loss = await refusal(dir);
    expect(loss).toMatchObject({ kind: 'incomplete', missingEdits: 0, missingChanges: 1 });
    expect(loss.summary).toMatch(
      /^The record of what this PC's data in .+ sent since .+ is incomplete \(1 change missing\): an edit already sent may show as not sent, and sending it again could make it twice\.$/,
    );
  });

  it('is refused when the mark itself is damaged, since missing edits cannot then be ruled out', async () => {
    const dir = mkdtempSync(join(root, 'mark-'));
    const store = await openFileStore(dir);
    await queueEdits(store.db, 0, 2);
    await store.close();
    writeFileSync(join(dir, 'outbox-mark.json'), '{"version":1,"seq":');
    expect(await refusal(dir)).toMatchObject({ kind: 'unverifiable' });
    const accepted = await openFileStore(dir, { acceptLoss: true });
    try {
      expect(await accepted.db.outbox.count()).toBe(2);
    } finally {
      await accepted.close();
    }
    // The mark was written again from the store: the next open trusts it.
    await (await openFileStore(dir)).close();
  });

  describe('with a database file damaged after a clean close', () => {
    async function cleanlyClosed(): Promise<string> {
      const dir = mkdtempSync(join(root, 'clean-'));
      const store = await openFileStore(dir);
      await queueEdits(store.db, 0, QUEUED);
      await store.close();
      expect(existsSync(join(dir, `${DATABASE_FILE}-wal`))).toBe(false);
      return dir;
    }

    async function expectDamagedRefusedThenAccepted(dir: string) {
      const before = snapshot(dir);
      const loss = await refusal(dir);
      expect(loss).toMatchObject({ kind: 'damaged', missingEdits: QUEUED });
      expect(loss.summary).toMatch(
        /^The database file of this PC's data in .+ is damaged and cannot be trusted \([^\n]+\)\. It held up to 200 edits made on this PC since /,
      );
      expect(snapshot(dir)).toEqual(before);

      const accepted = await openFileStore(dir, { acceptLoss: true });
      const movedTo = accepted.stats().opened.acceptedLoss?.movedTo;
      try {
        expect(await accepted.db.outbox.count()).toBe(0);
        expect(accepted.stats().opened.existing).toBe(false);
      } finally {
        await accepted.close();
      }
      // Kept for whoever may recover it, byte for byte.
      expect(movedTo && readFileSync(movedTo).toString('base64')).toBe(before[DATABASE_FILE]);
      const again = await openFileStore(dir);
      try {
        expect(acceptedLosses(again.sqlite)).toEqual([
          expect.objectContaining({ kind: 'damaged', missingEdits: QUEUED, movedTo }),
        ]);
      } finally {
        await again.close();
      }
    }

    it('is refused, saying so, when its header is scrambled', async () => {
      const dir = await cleanlyClosed();
      overwrite(join(dir, DATABASE_FILE), 0, scrambled(100, 7));
      await expectDamagedRefusedThenAccepted(dir);
    });

    it('is refused, saying so, when a page of its outbox is scrambled', async () => {
      const dir = await cleanlyClosed();
      const path = join(dir, DATABASE_FILE);
      const sqlite = new Sqlite(path, { readonly: true });
      const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
      const root = sqlite
        .prepare("SELECT rootpage FROM sqlite_master WHERE name = 'store/outbox'")
        .pluck()
        .get();
      sqlite.close();
      overwrite(path, ((root as number) - 1) * pageSize, scrambled(pageSize, 11));
      await expectDamagedRefusedThenAccepted(dir);
    });
  });
});
