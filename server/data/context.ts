/** What every generator receives: the dataset's size, its seed streams, ids, users and value lists. */
import type { ReferenceLists, User } from '../state';
import type { IdCounter } from './ids';
import { streamFor, type Rng } from './random';
import type { DatasetSize } from './sizes';

export interface GenContext {
  readonly seed: number;
  readonly size: DatasetSize;
  readonly ids: IdCounter;
  readonly users: readonly User[];
  readonly reference: ReferenceLists;
}

export function rngOf(context: GenContext, label: string): Rng {
  return streamFor(context.seed, label);
}

/** A back-office user for records staff keyed in: anyone but the API key's user (users[0]). */
export function staffUser(context: GenContext, rng: Rng): User {
  return context.users[1 + Math.floor(rng.next() * (context.users.length - 1))]!;
}
