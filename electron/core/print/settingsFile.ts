/**
 * Settings → Printing as this PC keeps it: `print.json` in the data dir, beside `update.json` (the other
 * choices of this computer rather than of a back office). Read with zod: a missing or damaged file is the
 * defaults (the computer's default printer, always ask), never an error. No secret is involved.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { PrintSettingsSchema, type PrintSettings } from '../../../src/bridge/printing';

export interface PrintSettingsStore {
  load(): Promise<PrintSettings>;
  save(settings: PrintSettings): Promise<void>;
}

const DEFAULTS = (): PrintSettings => PrintSettingsSchema.parse({});

export function printSettingsFile(file: string): PrintSettingsStore {
  return {
    load: () =>
      readFile(file, 'utf8').then(
        (text) => {
          const parsed = PrintSettingsSchema.safeParse(safeJson(text));
          return parsed.success ? parsed.data : DEFAULTS();
        },
        () => DEFAULTS(),
      ),
    // Written aside and renamed over: a crash mid-write leaves the old choices, not half a file.
    async save(settings) {
      const aside = `${file}.${process.pid}.tmp`;
      await writeFile(aside, JSON.stringify(PrintSettingsSchema.parse(settings), null, 2));
      await rename(aside, file);
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Tests, and hosts with nowhere to write. */
export function memoryPrintSettings(initial: Partial<PrintSettings> = {}): PrintSettingsStore {
  let kept = PrintSettingsSchema.parse(initial);
  return {
    load: async () => kept,
    save: async (settings) => {
      kept = PrintSettingsSchema.parse(settings);
    },
  };
}
