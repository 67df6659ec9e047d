/**
 * The child of the damage test (storeDamage.test.ts): queues BEFORE edits in DIR's file store and closes it
 * (they end up in the database file), then reopens it, holds a read transaction on a connection of its own
 * so that no checkpoint can copy what follows into the database file, queues AFTER more edits, prints
 * "queued N" and waits to be SIGKILLed: the edits after BEFORE are then only in the write-ahead log, as a
 * process killed between two checkpoints leaves them.
 *
 * Usage: node --import tsx headless/store/testing/outboxChild.ts DIR BEFORE AFTER
 */
import Sqlite from 'better-sqlite3';
import { join } from 'node:path';
import { enqueue } from '../../../src/db/outbox';
import type { DockhandDb } from '../../../src/db/schema';
import { DATABASE_FILE, openFileStore } from '../fileStore';

export function queueEdits(db: DockhandDb, from: number, count: number): Promise<unknown> {
  let chain: Promise<unknown> = Promise.resolve();
  for (let n = from; n < from + count; n++)
    chain = chain.then(() =>
      enqueue(db, {
        kind: 'updateCustomer',
        params: { id: 50_000 + n },
        body: { custom_reference: `edit ${n}` },
        label: `Update customer ${50_000 + n}`,
        cacheChanges: [],
      }),
    );
  return chain;
}

async function main() {
  const [dir, before, after] = process.argv.slice(2);
  if (!dir || !before || !after) throw new Error('usage: outboxChild.ts DIR BEFORE AFTER');
  const first = await openFileStore(dir);
  await queueEdits(first.db, 0, Number(before));
  await first.close();

  const store = await openFileStore(dir);
  const pin = new Sqlite(join(dir, DATABASE_FILE), { readonly: true });
  pin.exec('BEGIN');
  pin.prepare('SELECT count(*) FROM dockhand_meta').get();
  await queueEdits(store.db, Number(before), Number(after));
  process.stdout.write(`queued ${Number(before) + Number(after)}\n`);
  setInterval(() => {}, 1_000_000);
}

if (process.argv[1]?.endsWith('outboxChild.ts'))
  void main().catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
