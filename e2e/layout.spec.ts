/**
 * Every section works on a back office's screens: at 1366×768, at 1024×768 and at 200 % zoom, the first-run
 * screen and each section's list, one of its records (and the new-record forms), and receiving with an order open, its line
 * editor open and its Complete receipt form open, have no control hidden under another element (the status
 * bar, a sticky bar) or cut off by a box around it (e2e/support/layout.ts).
 *
 * 200 % zoom is emulated by a 512×384 viewport: browser zoom divides the CSS viewport by the zoom factor,
 * and layout and media queries see only CSS pixels, so 1024×768 at 200 % lays out exactly as 512×384 at
 * 100 %. A deviceScaleFactor of 2 would only sharpen the pixels and leave the layout at 1024 CSS px.
 * (1366×768 at 200 % is 683×384: wider, with the same height and the same folded menu, so it is covered by
 * the 512-wide pass.)
 *
 * One page and one first sync for all three sizes; records found in the first pass are revisited by their
 * address.
 */
import type { Page } from '@playwright/test';
import { SECTIONS } from '../src/sections';
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';
import { inSightUnscrolled, unreachableControls } from './support/layout';
import { orderToReceive } from './support/receiving';

const SIZES = [
  { name: '1366×768', width: 1366, height: 768 },
  { name: '1024×768', width: 1024, height: 768 },
  { name: '1024×768 at 200 %', width: 512, height: 384 },
] as const;

/** Until the screen has drawn: its heading is up and nothing says it is still loading. */
async function screenReady(page: Page): Promise<void> {
  const main = page.locator('main');
  await expect(main.locator('h2').first()).toBeVisible();
  await expect(main.getByText(/^(Loading…|Opening .*…)$/)).toHaveCount(0);
  // A virtual list (components/list/VirtualList.svelte) draws its rows a frame after it is measured.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('main .viewport[role="listbox"]')).every(
      (list) => list.querySelector('.spacer')?.clientHeight === 0 || list.querySelector('[role="option"]'),
    ),
  );
}

/** Goes to a section from the main navigation, through the Menu button where the window folds it. */
async function openSection(page: Page, label: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  const folded = await menu.isVisible();
  if (folded && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: label, exact: true })
    .click();
  // Choosing a section folds the menu again.
  if (folded) await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await screenReady(page);
}

async function goTo(page: Page, hash: string): Promise<void> {
  await page.evaluate((target) => (location.hash = target), hash);
  await screenReady(page);
}

/** The address of one record of the section on screen: the list's first row, or its first inner link. */
async function firstRecord(page: Page, sectionId: string): Promise<string | null> {
  const main = page.locator('main');
  const before = await page.evaluate(() => location.hash);
  const rows = main.locator('[role="listbox"] [role="option"]');
  if ((await rows.count()) > 0) {
    await main.locator('[role="listbox"]').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => location.hash)).not.toBe(before);
  } else {
    const link = main.locator(`a[href^="#/${sectionId}/"]`).first();
    if ((await link.count()) === 0) return null;
    await link.click();
  }
  await screenReady(page);
  return page.evaluate(() => location.hash);
}

async function expectAllReachable(page: Page, where: string, only?: 'header'): Promise<void> {
  const { checked, problems } = await unreachableControls(page, only);
  // At least the main navigation's links, or the Menu button and Sync now: never a walk that checked nothing.
  expect(checked, `controls checked on ${where}`).toBeGreaterThanOrEqual(2);
  // Soft: one run lists every screen's problems, not only the first.
  expect.soft(problems, `controls not reachable on ${where}`).toEqual([]);
}

test('at 1366×768, 1024×768 and 200 % zoom every section has every control in reach', async ({ app }) => {
  const { page } = app;
  // The first-run screen, before the demo: at 200 % and at 1024×768.
  for (const size of [SIZES[2], SIZES[1]]) {
    await page.setViewportSize(size);
    await expect(page.getByRole('heading', { name: 'Connect Dockhand' })).toBeVisible();
    await expectAllReachable(page, `the first-run screen at ${size.name}`);
  }
  await page.setViewportSize(SIZES[0]);
  await startSyncedDemo(app);
  const { order } = await orderToReceive(page);

  // Pages beyond the lists, found once: a record of each section, and the forms for a new one.
  const extraPages = ['#/purchase-orders/new', '#/customers/new'];

  for (const [pass, size] of SIZES.entries()) {
    await page.setViewportSize(size);
    for (const section of SECTIONS) {
      await openSection(page, section.label);
      await expectAllReachable(page, `${section.label} at ${size.name}`);
      if (pass === 0 && section.id !== 'receiving') {
        const record = await firstRecord(page, section.id);
        if (record) extraPages.push(record);
      }
    }
    for (const hash of extraPages) {
      await goTo(page, hash);
      await expectAllReachable(page, `${hash} at ${size.name}`);
    }

    // The folded menu, opened: every section's link in reach over the screen.
    const menu = page.getByRole('button', { name: 'Menu' });
    if (await menu.isVisible()) {
      await menu.click();
      await expectAllReachable(page, `the opened menu at ${size.name}`, 'header');
      await page.keyboard.press('Escape');
      await expect(menu).toBeFocused();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      // Tabbing on past the last section folds it too, so it never stays over the screen.
      await menu.click();
      await page.getByRole('link', { name: SECTIONS.at(-1)!.label, exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    }

    // Receiving one order: the screen, the line editor (in view, focus in its first field), Complete receipt.
    await goTo(page, `#/receiving/${order.id}`);
    await expectAllReachable(page, `receiving PO ${order.id} at ${size.name}`);
    await page.getByRole('listbox', { name: /Lines to receive/ }).focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('form', { name: /Edit line/ });
    const received = editor.getByLabel('Received now');
    await expect(received).toBeFocused();
    await expect(received).toBeInViewport({ ratio: 1 });
    expect(await inSightUnscrolled(received)).toBe(true);
    await expectAllReachable(page, `the line editor at ${size.name}`);
    await received.fill(String(pass + 1));
    await received.press('Enter');
    await expect(editor).toBeHidden();
    // Complete and Discard in sight without scrolling, over the list and under nothing, where the window
    // has the height for a sticky bar (at 200 % they are scrolled to, checked above).
    const tall = size.height >= 480;
    const complete = page.getByRole('button', { name: 'Complete receipt…' });
    if (tall) {
      await expect.poll(() => inSightUnscrolled(complete)).toBe(true);
      expect(await inSightUnscrolled(page.getByRole('button', { name: 'Discard this delivery…' }))).toBe(
        true,
      );
    }
    await complete.click();
    const number = page.getByLabel('Invoice number (from the docket)');
    await expect(number).toBeFocused();
    await expect(number).toBeInViewport({ ratio: 1 });
    expect(await inSightUnscrolled(number)).toBe(true);
    if (tall) expect(await inSightUnscrolled(page.getByRole('button', { name: 'Save receipt' }))).toBe(true);
    await expectAllReachable(page, `Complete receipt at ${size.name}`);
    await page.getByRole('button', { name: 'Back to scanning' }).click();
  }
});
