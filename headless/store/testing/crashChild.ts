/**
 * The child of the crash test (crash.test.ts): opens the file store in DIR and commits transactions as fast
 * as it can until it is killed, printing each commit's number on stdout once Dexie has reported it.
 * Transaction i puts ROWS rows `tx-i-k` in one bulkPut, moves `counter` to i and replaces `scratch-(i-1)` by
 * `scratch-i`, so a reopened store shows whether it holds whole transactions, and which.
 *
 * Usage: node --import tsx headless/store/testing/crashChild.ts DIR
 */
import { openFileStore } from '../fileStore';

const ROWS = 5;

async function main() {
  const [dir] = process.argv.slice(2);
  if (!dir) throw new Error('usage: crashChild.ts DIR');
  const store = await openFileStore(dir);
  const { db } = store;
  let i = ((await db.meta.get('counter'))?.value as number | undefined) ?? 0;
  process.stdout.write(`open ${i}\n`);
  for (;;) {
    i += 1;
    const n = i;
    await db.transaction('rw', db.meta, async () => {
      // One put of all the rows (the bulk path, ./sqliteBulk.ts), then single puts and a delete.
      await db.meta.bulkPut(
        Array.from({ length: ROWS }, (_, k) => ({
          key: `tx-${n}-${k}`,
          value: { n, k, at: new Date(), nested: [[n], [k, undefined]] },
        })),
      );
      await db.meta.delete(`scratch-${n - 1}`);
      await db.meta.put({ key: `scratch-${n}`, value: n });
      await db.meta.put({ key: 'counter', value: n });
    });
    process.stdout.write(`${n}\n`);
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
