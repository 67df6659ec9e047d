/**
 * A clerk receiving while the first sync is still running: once the open orders are cached (dock-ready), the
 * receiving screen of an On order purchase order is opened and its lines' barcodes are scanned, paced like a
 * wedge scanner (../receiving/scanner.ts), until `scans` are measured or the sync completes. Each scan is
 * measured from its Enter to its line's "Now" figure painted, after the same burst in echo mode (the
 * trivial-change baseline, ./pageProbe.ts), as bench/receiving/scans.ts does on its harness page.
 */
import type { DuringSync } from '../sync/initialSync';
import { scanPaced } from '../receiving/scanner';
import type { KeyOutcome } from './pageProbe';

export interface ScanSamples {
  /** Enter → the line's "Now" painted, of the scans the screen took. */
  scans: number[];
  /** Enter → the echo's counter painted: the baseline. */
  echoes: number[];
  /** Scans the screen refused (e.g. broken by a stall) and that were scanned again. */
  refused: number;
  /** Scans or echoes with no change shown within the probe's time (counted as that time). */
  timedOut: number;
  poId: number;
}

export interface ScanOptions {
  scans: number;
  /** Quiet time after a scan, so its durable write lands before the next. */
  pauseMs: number;
  /** The probe's wait (./pageProbe.ts keyTimeoutMs): a change not painted by then counts as this long. */
  timeoutMs: number;
}

/** A scan refused this many times in a row means something else than a passing stall: a harness error. */
const MAX_ATTEMPTS = 5;
const LINES = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An On order PO with LINES lines of distinct barcodes, each with room for its share of the scans. */
function orderToReceive(simulator: DuringSync['simulator'], scans: number) {
  const perLine = Math.ceil(scans / LINES) + MAX_ATTEMPTS;
  const codeOf = (item: { product_id: number }) =>
    simulator.state.products.get(item.product_id)?.supplier_sku2 ?? '';
  for (const po of simulator.state.purchaseOrders.values()) {
    if (po.status.name !== 'OnOrder') continue;
    const lines = po.items.filter(
      (item) => /^\d{13}$/.test(codeOf(item)) && item.quantity_ordered - item.quantity_received >= perLine,
    );
    const codes = new Set(lines.map(codeOf));
    const everyCodeOnce = po.items.every((item) => !codes.has(codeOf(item)) || lines.includes(item));
    if (lines.length >= LINES && codes.size === lines.length && everyCodeOnce)
      return {
        poId: po.id,
        lines: lines.slice(0, LINES).map((line) => ({ poItemId: line.po_item_id, code: codeOf(line) })),
      };
  }
  throw new Error('the demo data has no On order purchase order with enough receivable barcoded lines');
}

export async function scanWhileSyncing(
  { page, simulator, dockReady, complete }: Pick<DuringSync, 'page' | 'simulator' | 'dockReady' | 'complete'>,
  options: ScanOptions,
): Promise<ScanSamples> {
  let stop = false;
  void complete.then(
    () => (stop = true),
    () => (stop = true),
  );
  const { poId, lines } = orderToReceive(simulator, options.scans);
  const samples: ScanSamples = { scans: [], echoes: [], refused: 0, timedOut: 0, poId };
  await dockReady;
  if (stop) return samples;
  await page.evaluate((id) => (location.hash = `#/receiving/${id}`), poId);
  await page.waitForSelector(`[data-po-item-id="${lines[0]!.poItemId}"]`, { timeout: 120_000 });
  const keyboard = await page.context().newCDPSession(page);
  const outcome = () => page.evaluate(() => window.__stressProbe!.sample());
  const painted = (result: KeyOutcome, into: number[]) => {
    if ('paintedMs' in result) into.push(result.paintedMs);
    else if ('timedOut' in result) {
      samples.timedOut++;
      into.push(options.timeoutMs);
    }
  };
  // What each line should show: the screen's figure when the line is drawn (a late scan may have landed
  // after its probe gave up), else the count of scans it painted.
  const counts = new Map<number, number>();
  const current = async (poItemId: number) => {
    const shown = await page.evaluate((id) => window.__stressProbe!.nowFigure(id), poItemId);
    return shown !== null && /^\d+$/.test(shown) ? Number(shown) : (counts.get(poItemId) ?? 0);
  };
  try {
    for (let i = 0; samples.scans.length < options.scans && !stop; i++) {
      const { poItemId, code } = lines[i % lines.length]!;
      await page.evaluate(() => window.__stressProbe!.armEcho());
      await scanPaced(keyboard, code);
      painted(await outcome(), samples.echoes);
      await sleep(options.pauseMs / 4);
      for (let attempt = 1; ; attempt++) {
        const expected = (await current(poItemId)) + 1;
        await page.evaluate(([id, n]) => window.__stressProbe!.armLine(id, n), [poItemId, expected] as const);
        await scanPaced(keyboard, code);
        const result = await outcome();
        if (!('refused' in result)) {
          if ('paintedMs' in result) counts.set(poItemId, expected);
          painted(result, samples.scans);
          break;
        }
        samples.refused++;
        if (attempt === MAX_ATTEMPTS)
          throw new Error(`${code} refused ${MAX_ATTEMPTS} times in a row: ${result.refused}`);
        await sleep(options.pauseMs);
      }
      await sleep(options.pauseMs);
    }
    return samples;
  } finally {
    await keyboard.detach().catch(() => {});
  }
}
