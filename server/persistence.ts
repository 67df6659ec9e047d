/**
 * `--data FILE`: the simulator's state survives restarts. The file is a JSON document
 * `{format, version, saved_on, state}` whose state keeps every Map of STATE_MAPS as an array of [key, value]
 * pairs. Saves are atomic (write `FILE.tmp-<pid>`, then rename), so a crash mid-save leaves the previous file.
 * A file that exists but cannot be read is an error, never a reason to generate new data over it.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { userRef } from '../src/api/primitives';
import { STATE_MAPS, type SimState } from './state';

export const DATA_FORMAT = 'dockhand-simulator-state';
export const DATA_VERSION = 1;
/** A mutation is on disk at most this long after it was answered. */
export const SAVE_DELAY_MS = 250;

const entries = z.array(z.tuple([z.union([z.number(), z.string()]), z.unknown()]));
const mapShapes = Object.fromEntries(STATE_MAPS.map((name) => [name, entries])) as Record<
  (typeof STATE_MAPS)[number],
  typeof entries
>;

/**
 * The top-level shape only: records are not re-validated one by one (the large dataset holds 200,000+ of
 * them), but every Map, the id sequences, the users and the reference lists must be there with the right kind.
 */
const DataFileSchema = z.strictObject({
  format: z.literal(DATA_FORMAT),
  version: z.literal(DATA_VERSION),
  saved_on: z.string(),
  state: z.looseObject({
    nextId: z.record(z.string(), z.int()),
    users: z.array(userRef()),
    reference: z.record(z.string(), z.array(z.unknown())),
    ...mapShapes,
  }),
});

export class DataFileError extends Error {
  constructor(file: string, reason: string) {
    super(
      `Cannot load simulator data from ${file}: ${reason}. ` +
        'The file was left as it is: repair it, or delete it to start from freshly generated data.',
    );
    this.name = 'DataFileError';
  }
}

export function serialiseState(state: SimState): string {
  const plain: Record<string, unknown> = { ...state };
  for (const name of STATE_MAPS) plain[name] = [...state[name].entries()];
  return JSON.stringify({
    format: DATA_FORMAT,
    version: DATA_VERSION,
    saved_on: new Date().toISOString(),
    state: plain,
  });
}

export function deserialiseState(text: string, file: string): SimState {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(file, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const result = DataFileSchema.safeParse(json);
  if (!result.success) {
    const where = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '$'}: ${issue.message}`)
      .join('; ');
    throw new DataFileError(file, `not a simulator data file (${where})`);
  }
  const state: Record<string, unknown> = { ...result.data.state };
  for (const name of STATE_MAPS) state[name] = new Map(result.data.state[name]);
  return state as unknown as SimState;
}

/** The state in `file`, or null when there is no such file. */
export async function loadState(file: string): Promise<SimState | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new DataFileError(file, error instanceof Error ? error.message : String(error));
  }
  return deserialiseState(text, file);
}

export async function saveState(file: string, state: SimState): Promise<void> {
  const temporary = `${file}.tmp-${process.pid}`;
  await mkdir(dirname(file), { recursive: true });
  try {
    await writeFile(temporary, serialiseState(state), 'utf8');
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Saves after mutations: the first mutation arms a timer, later ones ride on it, so a steady stream of writes
 * is saved every SAVE_DELAY_MS rather than postponed forever. Saves run one at a time.
 */
export class StateSaver {
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly state: SimState,
  ) {}

  schedule(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, SAVE_DELAY_MS);
  }

  /** Saves now if anything changed since the last save (and waits for a save already running). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.save();
  }

  private save(): Promise<void> {
    this.chain = this.chain.then(async () => {
      if (!this.dirty) return;
      this.dirty = false;
      try {
        await saveState(this.file, this.state);
      } catch (error) {
        this.dirty = true; // try again with the next save
        process.stderr.write(`[simulator] could not save ${this.file}: ${String(error)}\n`);
      }
    });
    return this.chain;
  }
}
