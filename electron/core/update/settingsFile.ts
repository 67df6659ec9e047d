/**
 * The update settings kept on this PC (`update.json` in the data dir): the channel, and the last check with
 * its result, so Settings can say when updates were last looked for even right after a restart. Read with zod;
 * a missing or damaged file is the defaults (the installed version's channel, never checked), never an error.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { UpdateChannelSchema, UpdateCheckSchema } from '../../../src/bridge/updateStatus';

export const UpdateSettingsSchema = z.strictObject({
  /** Unset until the user chooses: then the installed version's own channel (./updateService.ts). */
  channel: UpdateChannelSchema.optional(),
  lastCheck: UpdateCheckSchema.nullable().default(null),
});
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

export interface UpdateSettingsStore {
  load(): Promise<UpdateSettings>;
  save(settings: UpdateSettings): Promise<void>;
}

export function updateSettingsFile(file: string): UpdateSettingsStore {
  return {
    async load() {
      try {
        return UpdateSettingsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
      } catch {
        return UpdateSettingsSchema.parse({});
      }
    },
    async save(settings) {
      const temporary = `${file}.tmp-${process.pid}`;
      await writeFile(temporary, `${JSON.stringify(UpdateSettingsSchema.parse(settings))}\n`);
      await rename(temporary, file);
    },
  };
}

/** Kept in memory only: tests, and hosts that have nowhere to write. */
export function memoryUpdateSettings(initial: Partial<UpdateSettings> = {}): UpdateSettingsStore {
  let settings = UpdateSettingsSchema.parse(initial);
  return {
    load: () => Promise.resolve(settings),
    save: (next) => {
      settings = UpdateSettingsSchema.parse(next);
      return Promise.resolve();
    },
  };
}
