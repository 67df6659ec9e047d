/**
 * The discrepancy report as a page in Chromium: its facts, each line that came short, over or faulty with what
 * is still on order, the totals, the invoice note of a shortfall not coming, and the signature lines; and
 * before saving, the same lines in Complete receipt with the choice per short line (DiscrepancyReview).
 */
import { describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { discrepancyReport } from '../../../db/receiving/discrepancy';
import {
  deliveryDraft,
  deliveryItems,
  draftLine,
  draftOf,
  orderLine,
  PO_ID,
  STOVES,
  TENTS,
} from '../../../db/receiving/discrepancyFixtures';
import { mountInPage } from '../../../components/testing/mountInPage';
import DiscrepancyReport from './DiscrepancyReport.svelte';
import DiscrepancyReview from './DiscrepancyReview.svelte';

const facts = {
  receiptId: -3,
  poId: PO_ID,
  supplier: 'Summit Outdoor Supply',
  docket: 'INV-7781',
  receivedOn: '2026-11-27T09:30:00.000Z',
};

const rowText = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) });
/** A row's cells as read, from its product (or "Totals") to "The rest". */
const cells = (name: string) =>
  [...rowText(name).element().querySelectorAll('th, td')].map((cell) =>
    cell.textContent!.replace(/\s+/g, ' ').trim(),
  );

describe('DiscrepancyReport', () => {
  it('shows the receipt’s facts, each wrong line with what is still on order, the totals and signatures', async () => {
    const report = discrepancyReport({ items: deliveryItems(), draft: deliveryDraft(), notComing: [STOVES] });
    const { target } = mountInPage(DiscrepancyReport, {
      ...facts,
      report,
      pcName: 'DOCK-PC-2',
      currency: 'AUD',
    });

    await expect.element(page.getByRole('heading', { name: 'Delivery discrepancy report' })).toBeVisible();
    const text = target.textContent!.replace(/\s+/g, ' ');
    expect(text).toContain('Purchase order PO 1001');
    expect(text).toContain('Supplier Summit Outdoor Supply');
    expect(text).toContain('Docket (invoice number) INV-7781');
    expect(text).toContain('Received at PC DOCK-PC-2');
    await expect.element(page.getByTestId('receipt')).toHaveTextContent('Numbered when Dockhand sends it');

    // Socks came in full: not a row. The others, with their figures in the columns.
    await expect.element(rowText('Wool socks')).not.toBeInTheDocument();
    expect(cells('Ember dome tent')).toEqual([
      'Ember dome tent',
      'TENT-1',
      '10',
      '',
      '5',
      '5',
      '',
      '',
      '5',
      'AUD 120.00',
      'Stays on order',
    ]);
    expect(cells('Enamel mug')).toEqual([
      'Enamel mug',
      'MUG-1',
      '20',
      '',
      '24',
      '',
      '4',
      '',
      '0',
      'AUD 4.50',
      '',
    ]);
    expect(cells('Camp lantern')).toEqual([
      'Camp lantern',
      'LAMP-1',
      '6',
      '',
      '6',
      '',
      '',
      '2',
      '0',
      'AUD 25.25',
      '',
    ]);
    expect(cells('Trail stove')).toEqual([
      'Trail stove',
      '',
      '4',
      '',
      '0',
      '4',
      '',
      '',
      '0',
      '—',
      'Not coming',
    ]);
    expect(cells('Totals')).toEqual(['Totals', '47', '9', '4', '2', '5', '']);
    expect(text).toContain('2 lines short (9 units), 1 line over (4 units), 2 faulty units.');
    expect(text).toContain('5 units still on order; 4 units noted as not coming');
    await expect
      .element(page.getByTestId('values'))
      .toHaveTextContent(
        /short AUD 600\.00, over AUD 18\.00, faulty AUD 50\.50 \(1 line has no buy price\)\./,
      );
    expect(text).toContain(
      'On the invoice notes: Not coming (supplier will not send the rest): 4 × Trail stove.',
    );
    for (const who of ['Received by', 'Driver or carrier', 'Checked by the office'])
      await expect.element(page.getByRole('region', { name: 'Signatures' })).toHaveTextContent(who);
  });

  it('leaves the PC to write in when the app does not know it, and says a matching delivery is clean', async () => {
    const items = [orderLine(TENTS, 'Ember dome tent', 'TENT-1', 10)];
    const report = discrepancyReport({ items, draft: draftOf({ [TENTS]: draftLine(10) }) });
    mountInPage(DiscrepancyReport, { ...facts, receiptId: 5120, report });

    await expect.element(page.getByTestId('pc')).toHaveTextContent(/^$/);
    await expect.element(page.getByTestId('pc').getByLabelText('to write in')).toBeInTheDocument();
    await expect.element(page.getByTestId('receipt')).toHaveTextContent('5120');
    await expect
      .element(page.getByText('Everything on the order arrived, nothing over, nothing faulty.'))
      .toBeVisible();
    await expect.element(page.getByRole('table')).not.toBeInTheDocument();
  });

  it('prints through the given printer, and offers no choice once saved', async () => {
    const onprint = vi.fn();
    const report = discrepancyReport({ items: deliveryItems(), draft: deliveryDraft() });
    mountInPage(DiscrepancyReport, { ...facts, report, onprint });

    await page.getByRole('button', { name: 'Print report' }).click();
    expect(onprint).toHaveBeenCalledOnce();
    await expect.element(page.getByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('DiscrepancyReview', () => {
  it('shows each wrong line in words before saving, and lets the clerk mark a shortfall not coming', async () => {
    const onfate = vi.fn();
    const props = $state({
      report: discrepancyReport({ items: deliveryItems(), draft: deliveryDraft() }),
      onfate,
    });
    const { target } = mountInPage(DiscrepancyReview, props);

    const text = () => target.textContent!.replace(/\s+/g, ' ');
    expect(text()).toContain('Ember dome tent TENT-1 5 of 10 came · 5 short – still on order');
    expect(text()).toContain('Enamel mug MUG-1 24 of 20 came · 4 over what was ordered');
    expect(text()).toContain('Camp lantern LAMP-1 6 of 6 came · 2 faulty');
    expect(text()).toContain('2 lines short (9 units), 1 line over (4 units), 2 faulty units.');
    // Only short lines offer the choice: the tents and the stoves.
    expect(page.getByRole('combobox').elements()).toHaveLength(2);
    await page
      .getByRole('combobox', { name: 'What happens to the 4 short of Trail stove' })
      .selectOptions('Not coming');
    expect(onfate).toHaveBeenCalledWith(STOVES, 'notComing');

    // The parent's choice comes back as the report: the line and the invoice note say so.
    props.report = discrepancyReport({ items: deliveryItems(), draft: deliveryDraft(), notComing: [STOVES] });
    await expect
      .element(
        page.getByText(
          'The invoice’s notes will say: Not coming (supplier will not send the rest): 4 × Trail stove.',
        ),
      )
      .toBeVisible();
    expect(text()).toContain('Trail stove 0 of 4 came · 4 short – not coming');
  });
});
