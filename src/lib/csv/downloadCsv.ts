/**
 * Saves a file from the window: an `<a download>` over an object URL. The browser host downloads it; in
 * Electron the default download behaviour asks where to save it (electron/main handles no `will-download`,
 * and a download link is not a navigation, so electron/core/shell/guards.ts does not stand in its way).
 */
import type { SaveFile } from './exportCsv';

/** How long the object URL lives: the download has taken its copy long before (kept generous, it costs memory only). */
const REVOKE_AFTER_MS = 60_000;

export const downloadFile: SaveFile = (file, fileName) => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
};
