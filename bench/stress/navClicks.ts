/**
 * A clerk moving between lists while the app works: clicks on the main navigation's "Customers" and
 * "Purchase orders", one after the other, each measured by the page's nav probe (./pageProbe.ts) from the
 * press to the list's first row painted. The presses go through CDP at the link's place on the screen,
 * like a mouse: nothing asks the page first whether it is ready (Playwright's click would, and so would only
 * click at moments the page happens to be free). Between clicks a pause of a few seconds, seeded.
 */
import type { Page } from '@playwright/test';
import { NAV_SECTIONS, type NavOutcome } from './pageProbe';
import { seededRandom } from '../../src/lib/seededRandom';

export interface NavClickOptions {
  clicks: number;
  /** Stops early once this settles (e.g. the sync completed: the mid-sync clicks end there). */
  until?: Promise<unknown>;
  /** Pause between a click's outcome and the next click, from `pauseMs[0]` to `pauseMs[1]`. */
  pauseMs?: [number, number];
  /** Where the sync was at each press (so a click meant to be mid-sync that came after it is seen as such). */
  phase?: () => SyncPhase;
}

export type SyncPhase = 'before dock-ready' | 'after dock-ready' | 'after complete';

/** A click's outcome, with where the sync was when it was pressed. */
export type PressedNav = NavOutcome & { phase?: SyncPhase };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same pauses every run (src/lib/seededRandom.ts). */
function pauses(seed: number, [min, max]: [number, number]): () => number {
  const unit = seededRandom(seed);
  return () => min + unit() * (max - min);
}

export async function clickNav(page: Page, options: NavClickOptions): Promise<PressedNav[]> {
  let stop = false;
  void options.until?.then(
    () => (stop = true),
    () => (stop = true),
  );
  const mouse = await page.context().newCDPSession(page);
  const pause = pauses(7, options.pauseMs ?? [1_000, 3_000]);
  const outcomes: PressedNav[] = [];
  try {
    const places = new Map<string, { x: number; y: number }>();
    for (const section of NAV_SECTIONS) {
      const link = page.locator(`nav[aria-label="Main"] a[href="#/${section}"]`);
      // A throttled window busy starting up and syncing answers slowly: Playwright's 30 s was too short.
      await link.waitFor({ timeout: 120_000 });
      const box = await link.boundingBox({ timeout: 120_000 });
      if (!box) throw new Error(`the "${section}" link has no place on the screen`);
      places.set(section, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    }
    // Back and forth, starting with the list not on the screen (a click on the shown one changes nothing).
    const shown = await page.evaluate(() => location.hash);
    const first = shown.startsWith(`#/${NAV_SECTIONS[0]}`) ? 1 : 0;
    for (let i = 0; i < options.clicks && !stop; i++) {
      const section = NAV_SECTIONS[(first + i) % NAV_SECTIONS.length]!;
      const { x, y } = places.get(section)!;
      const press = { x, y, button: 'left' as const, clickCount: 1 };
      const phase = options.phase?.();
      await mouse.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...press });
      await mouse.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...press });
      const outcome = await page.evaluate(() => window.__stressProbe!.nextNav());
      if (outcome.section !== section)
        throw new Error(`clicked ${section}, the probe saw a press on ${outcome.section}`);
      outcomes.push(phase ? { ...outcome, phase } : outcome);
      await sleep(pause());
    }
    return outcomes;
  } finally {
    await mouse.detach().catch(() => {});
  }
}
