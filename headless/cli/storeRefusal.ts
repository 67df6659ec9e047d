/**
 * What `npm run sync` says, and which code it exits with, when the data folder's store cannot be trusted or
 * is in use (headless/store: StoreDamagedError, StoreLockedError): a few lines in a clerk's words, never a
 * stack trace, and the engine is never started on it. --accept-store-loss opens it anyway
 * (FileStoreOptions.acceptLoss), and the acceptance is printed once and recorded in the store.
 */
import { StoreDamagedError, StoreLockedError, type AcceptedLoss } from '../store';

/** The store is damaged or missing queued edits: nothing was sent. */
export const EXIT_STORE_UNTRUSTED = 5;
/** Another process has the store open. */
export const EXIT_STORE_IN_USE = 6;

export const ACCEPT_FLAG = '--accept-store-loss';

export interface Refusal {
  code: number;
  message: string;
}

/** The refusal for an error opening the store, or undefined when it is not one of these. */
export function storeRefusal(error: unknown): Refusal | undefined {
  if (error instanceof StoreLockedError)
    return {
      code: EXIT_STORE_IN_USE,
      message:
        `Not syncing: this PC's data in ${error.dir} is in use by another sync` +
        `${error.pid ? ` (process ${error.pid})` : ''}. Let it finish or stop it, then run again.`,
    };
  if (!(error instanceof StoreDamagedError)) return undefined;
  const { loss } = error;
  const carryOn =
    loss.kind === 'damaged'
      ? 'the damaged file is set aside (kept beside it, for whoever may recover it) and a new one is started'
      : 'it carries on with what is left';
  return {
    code: EXIT_STORE_UNTRUSTED,
    message: [
      `Not syncing: ${loss.summary}`,
      'Nothing was sent. If you have a backup of this folder, put it back and run again.',
      `Otherwise run again with ${ACCEPT_FLAG}: ${carryOn}; edits that are missing are then lost for good ` +
        'and have to be made again. The acceptance is recorded in the data.',
    ].join('\n'),
  };
}

/** Printed once, on the run that accepted the loss. */
export function acceptedNotice(loss: AcceptedLoss): string {
  const moved = loss.movedTo ? ` The damaged file was kept as ${loss.movedTo}.` : '';
  return `Loss accepted (${ACCEPT_FLAG}), and recorded: ${loss.summary}${moved}`;
}
