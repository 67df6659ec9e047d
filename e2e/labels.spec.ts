/**
 * Labels (issue #28 part 3): from a completed receipt's report, one label for each unit received; from a product's
 * page, one label, and scans add another product. The label size chosen is remembered on this PC, "Print
 * labels" goes through the print path, and the printout itself, rendered to PDF by Chromium as it would be
 * printed, carries each product's description, SKU and sell price (read back with pdftotext) and barcodes
 * that read back as the products' codes: each PDF page rendered to grey levels by poppler's pdftoppm and read
 * by ZXing (src/lib/labels/testing/readBarcode.ts), the decoder the component test uses.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import type { Product } from '../src/api/resources';
import { readBarcode } from '../src/lib/labels/testing/readBarcode';
import { expect, test } from './fixtures';
import { startSyncedDemo } from './support/journeys';
import { tableRows } from './support/pageData';
import { pdfText } from './support/pdfText';
import { orderToReceive } from './support/receiving';
import { scan } from './support/scanner';

const run = promisify(execFile);

/** A greyscale PGM as pdftoppm writes it: `P5 width height 255`, then a byte a pixel. */
function pgm(bytes: Buffer) {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm did not write a greyscale PGM');
  return { width: Number(header[1]), height: Number(header[2]), data: bytes.subarray(header[0].length) };
}

/** The labels as printed on `paper`: the text, the page count and each page's barcode read back. */
async function printedLabels(page: Page, paper: { width: string; height: string }) {
  const pdf = await page.pdf({ ...paper, printBackground: true });
  const dir = await mkdtemp(join(tmpdir(), 'dockhand-labels-'));
  try {
    await writeFile(join(dir, 'labels.pdf'), pdf);
    // 300 dpi: finer than a 203 dpi thermal printer, so a bar that reads here is not saved by the rendering.
    await run('pdftoppm', ['-r', '300', '-gray', join(dir, 'labels.pdf'), join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((file) => file.endsWith('.pgm')).sort();
    const codes: string[] = [];
    for (const file of pages) codes.push(readBarcode(pgm(await readFile(join(dir, file)))).text);
    return { ...(await pdfText(pdf)), codes };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Scans `code` until `count` reads `times`, one scan a step. Every scan ends in an answer on the screen
 * (its `data-seq` moves): added, and the count moves, or refused with "scan again" (a scan the loaded
 * machine broke changes nothing), and then it is scanned again, as the clerk would. Never rescanned on a
 * clock: a slow but good scan is waited for, so it cannot be counted twice.
 */
async function scanCounting(page: Page, code: string, count: () => Promise<number>, times: number) {
  const answer = page.locator('.answer[data-seq]').first();
  const seqNow = async () => Number(await answer.getAttribute('data-seq'));
  for (let step = 1; step <= times; step++) {
    while ((await count()) < step) {
      const before = await seqNow();
      await scan(page, code);
      await expect.poll(seqNow, { timeout: 60_000 }).toBeGreaterThan(before);
      await expect
        .poll(async () => (await count()) >= step || (await answer.getAttribute('data-tone')) === 'error', {
          timeout: 60_000,
        })
        .toBe(true);
    }
    expect(await count()).toBe(step);
  }
}

const digits = async (text: Promise<string | null>) => Number(/\d+/.exec((await text) ?? '')?.[0] ?? 0);
const receivedNow = (page: Page, poItemId: number) => () =>
  digits(page.locator(`[data-po-item-id="${poItemId}"] [data-testid="received-now"]`).textContent());

const price = (value: number) =>
  new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

test('labels from a receipt and from a product print their words and barcodes that read back', async ({
  app,
}) => {
  test.setTimeout(240_000);
  const { page } = app;
  await startSyncedDemo(app);
  const { order, lines } = await orderToReceive(page);
  const products = new Map((await tableRows<Product>(page, 'products')).map((p) => [p.id, p]));
  const [three, one] = lines.map((line) => products.get(line.product.id)!) as [Product, Product];
  const labelsOf = (product: Product) =>
    page.getByRole('textbox', { name: `Labels of ${product.short_description}` });
  const hash = (route: string) => page.goto(page.url().replace(/#.*$/, route));

  // A delivery: 3 of one line, 1 of another, completed into a receipt.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Outlet this PC receives for').selectOption({ label: order.outlet.name });
  await page.getByRole('link', { name: 'Receiving', exact: true }).click();
  await scan(page, String(order.id));
  await expect(page.getByLabel('Scan or type a code')).toBeFocused();
  await scanCounting(page, three.supplier_sku2, receivedNow(page, lines[0]!.po_item_id), 3);
  await scanCounting(page, one.supplier_sku2, receivedNow(page, lines[1]!.po_item_id), 1);
  await page.getByRole('button', { name: 'Complete receipt…' }).click();
  await page.getByLabel('Invoice number (from the docket)').fill(`LBL-${order.id}`);
  await page.getByRole('button', { name: 'Save receipt' }).click();

  // From the receipt's report, its labels: one for each unit received, on the size this PC remembers.
  await page
    .getByRole('navigation', { name: 'This receipt' })
    .getByRole('link', { name: 'Print labels' })
    .click();
  // The page's code is loaded when first opened: on a loaded machine, as long as a reload may take.
  await expect(page.getByRole('heading', { name: `Labels for the receipt of PO ${order.id}` })).toBeVisible({
    timeout: 60_000,
  });
  await expect(labelsOf(three)).toHaveValue('3');
  await expect(labelsOf(one)).toHaveValue('1');
  await expect(page.getByLabel('Label size')).toHaveValue('roll-50x25');
  await page.getByLabel('Label size').selectOption('roll-100x50');
  await page.reload();
  await expect(page.getByLabel('Label size')).toHaveValue('roll-100x50', { timeout: 60_000 });
  await expect(page.getByText('4 labels from the roll, one a page.')).toBeVisible();

  // "Print labels" hands the page to the print path (the browser's print here, counted instead of shown).
  await page.evaluate(() => {
    window.print = () => document.body.append(Object.assign(document.createElement('i'), { id: 'printed' }));
  });
  await page.getByRole('button', { name: 'Print labels' }).click();
  await expect(page.locator('#printed')).toHaveCount(1);

  const receipt = await printedLabels(page, { width: '100mm', height: '50mm' });
  expect(receipt.pages).toBe(4);
  expect(receipt.codes).toEqual([three, three, three, one].map((product) => product.supplier_sku2));
  for (const product of [three, one]) {
    expect(receipt.text).toContain(product.short_description);
    expect(receipt.text).toContain(product.supplier_sku);
    // A product priced by markup has no sell price: its label leaves the price off.
    if (product.sell_price_inc !== null) expect(receipt.text).toContain(price(product.sell_price_inc));
  }
  expect([three, one].some((product) => product.sell_price_inc !== null)).toBe(true);

  // From a product's page: one label; scans add another product, a label a scan.
  await hash(`#/products/${three.id}`);
  await page.getByRole('link', { name: 'Print labels' }).click();
  await expect(labelsOf(three)).toHaveValue('1');
  await expect(page.getByLabel('Label size')).toHaveValue('roll-100x50');
  await expect(page.getByLabel('Scan a product to add its labels')).toBeFocused();
  const labelsCount = () =>
    labelsOf(one)
      .inputValue({ timeout: 1_000 })
      .then(Number, () => 0);
  await scanCounting(page, one.supplier_sku2, labelsCount, 2);
  const fromProduct = await printedLabels(page, { width: '100mm', height: '50mm' });
  expect(fromProduct.codes).toEqual([three, one, one].map((product) => product.supplier_sku2));
});
