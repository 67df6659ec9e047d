/**
 * The worker that stores pulled pages (src/lib/pullWorker.ts starts it; the entry is ./pullWorker.entry.ts).
 * The renderer's main thread hands it a packed page (its rows as one JSON text, src/bridge/storeLink.ts);
 * here it is parsed, validated with the port's schema and stored with the same code as the in-thread path
 * (./dexiePull.ts), in slices far larger than the main thread could afford: nothing here competes with
 * input or paint. Dexie tells the window's live queries about every commit (it broadcasts them between a
 * page and its workers), so the lists update as they do for the window's own writes.
 *
 * The window also tells it when the user is active and when a screen is waiting for its first rows
 * (`input`, `reading`; src/lib/windowPace.ts): then pages wait between slices and take small ones
 * (./pullSlices.ts `UserPace`), since each slice's transaction holds up the window's reads of its tables.
 *
 * Messages both ways are validated: the worker trusts nothing it is sent, the window nothing it answers.
 */
import { z } from 'zod';
import { PackedPulledPageSchema, unpackPulledPage } from '../bridge/storeLink';
import { createPullMethods } from './dexiePull';
import { UserPace, type SliceSizing } from './pullSlices';
import { DockhandDb } from './schema';
import { STORE_PORT } from './storePort';

export const ToPullWorkerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('open'), name: z.string().min(1) }),
  z.strictObject({ type: z.literal('apply'), id: z.number().int(), page: PackedPulledPageSchema }),
  /** The user did something in the window just now (no answer). */
  z.strictObject({ type: z.literal('input') }),
  /** A screen in the window is (true) or is no longer (false) waiting for its first rows (no answer). */
  z.strictObject({ type: z.literal('reading'), pending: z.boolean() }),
]);
export type ToPullWorker = z.infer<typeof ToPullWorkerSchema>;

export const FromPullWorkerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ready') }),
  z.strictObject({ type: z.literal('failed'), error: z.string() }),
  z.strictObject({
    type: z.literal('answer'),
    id: z.number().int(),
    result: z.discriminatedUnion('ok', [
      z.strictObject({ ok: z.literal(true), value: STORE_PORT.applyPulledPage.response }),
      z.strictObject({ ok: z.literal(false), error: z.string() }),
    ]),
  }),
]);
export type FromPullWorker = z.infer<typeof FromPullWorkerSchema>;

/**
 * Slices a worker can afford: a transaction of up to 2,000 rows, about 150 ms. Longer ones would hold up the
 * window's own writes to the same tables (an edit and its queued op) for longer than a user notices.
 */
export const WORKER_SLICE_SIZING: SliceSizing = {
  startRows: 250,
  minRows: 50,
  maxRows: 2_000,
  targetMs: 150,
};

/** The worker's side: answers each message with zero or one reply through `post`. */
export function pulledPageServer(
  post: (message: FromPullWorker) => void,
  options: { sizing?: SliceSizing; openDb?: (name: string) => DockhandDb; pace?: UserPace } = {},
) {
  const pace = options.pace ?? new UserPace();
  let pull: ReturnType<typeof createPullMethods> | null = null;
  let db: DockhandDb | null = null;
  return {
    async receive(raw: unknown): Promise<void> {
      const message = ToPullWorkerSchema.safeParse(raw);
      if (!message.success)
        return post({ type: 'failed', error: 'The pull worker was sent a malformed message' });
      if (message.data.type === 'input') return pace.input();
      if (message.data.type === 'reading') return pace.reading(message.data.pending);
      if (message.data.type === 'open') {
        try {
          db?.close();
          const opened = options.openDb?.(message.data.name) ?? new DockhandDb(message.data.name);
          db = opened;
          await opened.open();
          pull = createPullMethods(opened, {
            sizing: options.sizing ?? WORKER_SLICE_SIZING,
            pace,
            yieldToHost: () => new Promise((resolve) => setTimeout(resolve, 0)),
          });
          return post({ type: 'ready' });
        } catch (error) {
          return post({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
        }
      }
      const { id, page } = message.data;
      const answer = (result: Extract<FromPullWorker, { type: 'answer' }>['result']) =>
        post({ type: 'answer', id, result });
      if (!pull) return answer({ ok: false, error: 'The pull worker has no database open' });
      const request = unpackPulledPage(page);
      if (!request.ok) return answer({ ok: false, error: request.error });
      try {
        return answer({ ok: true, value: await pull.applyPulledPage(request.value) });
      } catch (error) {
        return answer({ ok: false, error: error instanceof Error ? error.message : 'The store failed' });
      }
    },
    close() {
      db?.close();
    },
  };
}
