/**
 * Scanning on a slow dock PC (CPU throttled 4×, `DOCKHAND_E2E_CPU_THROTTLE` to change it) with the
 * scanner's timing broken the ways a busy computer breaks it: a stall in the middle of a scan, the first
 * digit cut off by a pause, a lost key, an interrupted scan's leftover running into the next scan, an
 * Enter held up after the code. Every one is refused on screen with "scan again" and adds nothing; no
 * wrong code is ever accepted (the lines on screen and the receipt draft hold exactly the whole scans).
 * Whole scans still work: the same carton scanned three times adds three with no question, Backspace
 * undoes a double scan, and a quantity needs its x.
 */
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';
import { draftOf, expectReceivedNow, orderToReceive } from './support/receiving';
import { scan, throttleCpu } from './support/scanner';
import type { Locator } from '@playwright/test';

const CPU_RATE = Number(process.env['DOCKHAND_E2E_CPU_THROTTLE'] ?? 4);

/** The GS1 check digit of a GTIN's other digits (weights 3,1,… from the right). */
function checkDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[i]) * ((body.length - 1 - i) % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** The barcode with one digit lost, chosen so that what is left fails its check digit. */
function withLostKey(barcode: string): string {
  for (let i = 0; i < barcode.length; i++) {
    const damaged = barcode.slice(0, i) + barcode.slice(i + 1);
    if (checkDigit(damaged.slice(0, -1)) !== Number(damaged.at(-1))) return damaged;
  }
  throw new Error(`No lost key of ${barcode} fails its check digit`);
}

/** Waits for the next answer after `seq` and returns it: a refusal that says to scan again. */
async function expectRefused(answer: Locator, box: Locator, seq: number, words: RegExp): Promise<number> {
  await expect(box).not.toHaveAttribute('data-seq', String(seq));
  await expect(box).toHaveAttribute('data-tone', 'error');
  await expect(answer).toContainText('Not added');
  await expect(answer).toContainText(words);
  return Number(await box.getAttribute('data-seq'));
}

test('a slow PC with broken scan timing never receives a wrong code, and says so each time', async ({
  app,
}) => {
  test.setTimeout(300_000);
  const { page } = app;
  const simulator = await startSyncedDemo(app);
  const { order, lines } = await orderToReceive(page);
  const [a, b, c] = lines as [(typeof lines)[0], (typeof lines)[0], (typeof lines)[0]];
  const codeA = a.product.supplier_sku2;
  const codeB = b.product.supplier_sku2;
  const codeC = c.product.supplier_sku2;

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Outlet this PC receives for').selectOption({ label: order.outlet.name });
  await simulator.setOffline(true);
  await page.getByRole('link', { name: 'Receiving', exact: true }).click();
  await expect(page.getByText(`Open orders for ${order.outlet.name}`)).toBeVisible();
  await throttleCpu(page, CPU_RATE);
  await expect(page.getByLabel('Scan a PO number or a product')).toBeFocused();
  await scan(page, String(order.id));
  await expect(page.getByRole('heading', { name: `Receive PO ${order.id}` })).toBeVisible();
  const field = page.getByLabel('Scan or type a code');
  await expect(field).toBeFocused();
  await expect(page.getByText('type 12x (or 12*) then scan')).toBeVisible();
  const answer = page.getByLabel('Scan result');
  const box = page.locator('.answer');
  let seq = Number(await box.getAttribute('data-seq'));
  const nothingReceived = async () => {
    for (const line of [a, b, c]) await expectReceivedNow(page, line.po_item_id, 0);
    await expect(field).toHaveValue('');
  };

  // A stall in the middle of a scan: the first part went quiet, the rest would be a shorter code.
  await scan(page, codeA, { breakAfter: 5, pauseMs: 300 });
  seq = await expectRefused(answer, box, seq, /scan again/);
  await nothingReceived();

  // The first digit cut off by a pause (it used to become a quantity, the rest a 12-digit code).
  await page.waitForTimeout(1600);
  await scan(page, codeA, { breakAfter: 1, pauseMs: 300 });
  seq = await expectRefused(answer, box, seq, /scan again/);
  await nothingReceived();

  // A lost key: the code arrives whole in timing but one digit short, and fails its check digit.
  await page.waitForTimeout(1600);
  await scan(page, withLostKey(codeB));
  seq = await expectRefused(answer, box, seq, /check digit.*scan again/);
  await nothingReceived();

  // An interrupted scan's leftover (its end never came) running into the next scan.
  await page.waitForTimeout(1600);
  await scan(page, codeA.slice(0, 4), { enter: false });
  await page.waitForTimeout(400);
  await scan(page, codeB);
  seq = await expectRefused(answer, box, seq, /scan again/);
  await nothingReceived();

  // A leftover and a whole code whose Enter is held up: never entered as one long typed code.
  await page.waitForTimeout(1600);
  await scan(page, codeA.slice(0, 3), { enter: false });
  await page.waitForTimeout(400);
  await scan(page, codeC, { breakAfter: codeC.length, pauseMs: 300 });
  seq = await expectRefused(answer, box, seq, /scan again/);
  await nothingReceived();

  // Whole scans still count: the same carton three times adds three, with no question.
  await page.waitForTimeout(1600);
  for (let carton = 1; carton <= 3; carton++) {
    await scan(page, codeB);
    await expectReceivedNow(page, b.po_item_id, carton);
  }
  await expect(page.getByRole('dialog')).toBeHidden();
  // A double scan is undone with one key.
  await field.press('Backspace');
  await expect(answer).toContainText('Undone');
  await expectReceivedNow(page, b.po_item_id, 2);

  // A bare number before a scan is not a quantity; with its x it is.
  await page.keyboard.type('2', { delay: 120 });
  await page.waitForTimeout(1600);
  seq = Number(await box.getAttribute('data-seq'));
  await scan(page, codeA);
  await expectRefused(answer, box, seq, /type 2x and scan again/);
  await expectReceivedNow(page, a.po_item_id, 0);
  await page.keyboard.type('2x', { delay: 120 });
  await scan(page, codeA);
  await expect(answer).toContainText('Added');
  await expectReceivedNow(page, a.po_item_id, 2);

  // The draft holds exactly the whole scans, nothing on the third line.
  await expect
    .poll(async () => {
      const draft = await draftOf(page, order.id);
      return Object.fromEntries(
        Object.entries(draft?.lines ?? {})
          .filter(([, line]) => line.received > 0)
          .map(([id, line]) => [id, line.received]),
      );
    })
    .toEqual({ [a.po_item_id]: 2, [b.po_item_id]: 2 });
  await throttleCpu(page, 1);
});
