/**
 * "Received at PC" on the receiving report. Neither host tells the renderer the computer's own name, so the
 * report names this PC by what Dockhand knows of it: the outlet it receives for (Settings, chosen once per
 * PC) and the app that runs it (the bridge's `app.info`: version, desktop app or browser host). Knowing
 * neither, the report leaves the field to write in.
 */
import type { AppInfo } from '../../../bridge/contract';
import { readReceivingSettings } from '../../../db/receiving/settings';
import type { DockhandDb } from '../../../db/schema';

/** "Brisbane CBD receiving PC · Dockhand 1.4.0, desktop app", or null when nothing is known. Pure. */
export function pcLabel(app: AppInfo | null, outletName: string | null): string | null {
  const place = outletName ? `${outletName} receiving PC` : null;
  const program = app
    ? `${app.name} ${app.version}, ${app.host === 'electron' ? 'desktop app' : 'browser host'}`
    : null;
  return [place, program].filter(Boolean).join(' · ') || null;
}

/** This PC's label now: its receiving outlet's name read from the cache. */
export async function thisPcLabel(db: DockhandDb, app: AppInfo | null): Promise<string | null> {
  const { outletId } = await readReceivingSettings(db);
  const outlet = outletId === null ? undefined : await db.outlets.get(outletId);
  return pcLabel(app, outlet ? outlet.name || `Outlet ${outlet.id}` : null);
}
