/**
 * The label size this PC prints on, remembered between sessions. It is a fact of the printer on this desk
 * and the roll loaded in it, not of the back office, so it lives in the browser's localStorage beside the
 * scanner settings (src/lib/scanner/settings.ts), read back through the size table so a stored id that is
 * no longer offered falls back to the default instead of breaking the page.
 */
import type { SettingsStorage } from '../scanner/settings';
import { DEFAULT_LABEL_SIZE_ID, labelSize, LabelSizeIdSchema, type LabelSize } from './sizes';

export const LABEL_SIZE_KEY = 'dockhand.labelSize';

/** The size last chosen on this PC, or the default (a 50 × 25 mm roll). */
export function loadLabelSize(storage: SettingsStorage | undefined): LabelSize {
  try {
    const stored = LabelSizeIdSchema.safeParse(storage?.getItem(LABEL_SIZE_KEY));
    return labelSize(stored.success ? stored.data : DEFAULT_LABEL_SIZE_ID);
  } catch {
    // Storage blocked by policy: the default size still prints.
    return labelSize(DEFAULT_LABEL_SIZE_ID);
  }
}

/**
 * Remembers `id` for next time; false when it is not a size offered or the browser refuses to store (the
 * page still prints on it, it is only not remembered).
 */
export function saveLabelSize(storage: SettingsStorage | undefined, id: string): boolean {
  if (!storage || !LabelSizeIdSchema.safeParse(id).success) return false;
  try {
    storage.setItem(LABEL_SIZE_KEY, id);
    return true;
  } catch {
    return false;
  }
}
