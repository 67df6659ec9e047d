/**
 * Receiving settings, chosen once per PC in Settings and kept in the connection's database (`meta`), since
 * the outlet is an id of that back office. Validated on read: a stored value from an older version, or a
 * hand-edited one, falls back to the defaults field by field instead of breaking the dock.
 */
import { z } from 'zod';
import type { DockhandDb } from '../schema';

export const OVER_RECEIPT_POLICIES = ['confirm', 'refuse'] as const;

export const ReceivingSettingsSchema = z.object({
  /** The outlet this PC receives for; null until chosen (then every open order is offered). */
  outletId: z.number().int().positive().nullable().catch(null),
  /** Tones on each scan (a good scan, a warning, an error). */
  sound: z.boolean().catch(true),
  /** An over-receipt past the remaining quantity: ask first, or refuse it outright. */
  overReceipt: z.enum(OVER_RECEIPT_POLICIES).catch('confirm'),
});
export type ReceivingSettings = z.infer<typeof ReceivingSettingsSchema>;

export const DEFAULT_RECEIVING_SETTINGS: ReceivingSettings = ReceivingSettingsSchema.parse({});

const KEY = 'settings.receiving';

export async function readReceivingSettings(db: DockhandDb): Promise<ReceivingSettings> {
  const stored = (await db.meta.get(KEY))?.value;
  return ReceivingSettingsSchema.parse(stored && typeof stored === 'object' ? stored : {});
}

export async function writeReceivingSettings(db: DockhandDb, settings: ReceivingSettings): Promise<void> {
  await db.meta.put({ key: KEY, value: ReceivingSettingsSchema.parse(settings) });
}
