/** The discrepancy report's figures: short, over and faulty lines, what stays on order, and what is not coming. */
import { describe, expect, it } from 'vitest';
import { discrepancyReport, notComingNote, shortfallSentence, totalsSentence } from './discrepancy';
import {
  deliveryDraft,
  deliveryItems,
  draftLine,
  draftOf,
  LANTERNS,
  MUGS,
  orderLine,
  STOVES,
  TENTS,
} from './discrepancyFixtures';

const byId = (report: ReturnType<typeof discrepancyReport>, id: number) =>
  report.lines.find((line) => line.poItemId === id);

describe('discrepancyReport', () => {
  it('lists a short line with what is still on order, the rest staying on order by default', () => {
    const report = discrepancyReport({
      items: [orderLine(TENTS, 'Ember dome tent', 'TENT-1', 10)],
      draft: draftOf({ [TENTS]: draftLine(5) }),
    });
    expect(report.clean).toBe(false);
    expect(report.lines).toHaveLength(1);
    expect(report.lines[0]).toMatchObject({
      kinds: ['short'],
      short: 5,
      over: 0,
      faulty: 0,
      fate: 'onOrder',
      stillOnOrder: 5,
    });
    expect(report.lines[0]!.summary).toBe('5 short – still on order');
    expect(shortfallSentence(report.totals)).toBe('5 units still on order.');
  });

  it('counts short against what was still expected after earlier deliveries, not against the whole order', () => {
    // 10 ordered, 7 came last week, 2 now: 1 still to come, not 8.
    const report = discrepancyReport({
      items: [orderLine(TENTS, 'Ember dome tent', 'TENT-1', 10, { before: 7 })],
      draft: draftOf({ [TENTS]: draftLine(2) }),
    });
    expect(report.lines[0]).toMatchObject({ short: 1, stillOnOrder: 1 });
  });

  it('lists an over line by the units beyond what was still expected', () => {
    const report = discrepancyReport({
      items: [orderLine(MUGS, 'Enamel mug', 'MUG-1', 20, { before: 18 })],
      draft: draftOf({ [MUGS]: draftLine(5) }),
    });
    expect(report.lines[0]).toMatchObject({
      kinds: ['over'],
      over: 3,
      short: 0,
      fate: null,
      stillOnOrder: 0,
    });
    expect(report.lines[0]!.summary).toBe('3 over what was ordered');
    expect(totalsSentence(report.totals)).toBe('1 line over (3 units).');
  });

  it('lists a faulty line even when the quantity is right, and values it at the buy price', () => {
    const report = discrepancyReport({
      items: [orderLine(LANTERNS, 'Camp lantern', 'LAMP-1', 6, { buyEx: 25.25 })],
      draft: draftOf({ [LANTERNS]: draftLine(6, 1) }),
    });
    expect(report.lines[0]).toMatchObject({ kinds: ['faulty'], faulty: 1, short: 0, over: 0 });
    expect(report.lines[0]!.summary).toBe('1 faulty');
    expect(report.totals).toMatchObject({ linesFaulty: 1, unitsFaulty: 1, valueFaultyEx: 25.25 });
    expect(totalsSentence(report.totals)).toBe('1 faulty unit.');
  });

  it('reports a mixed delivery line by line, with totals that keep short and over apart', () => {
    const report = discrepancyReport({ items: deliveryItems(), draft: deliveryDraft() });
    // Socks arrived in full: not listed. Stoves did not come at all: short by all 4.
    expect(report.lines.map((line) => line.poItemId)).toEqual([TENTS, MUGS, LANTERNS, STOVES]);
    expect(byId(report, STOVES)).toMatchObject({ short: 4, stillOnOrder: 4, buyPriceEx: null });
    expect(report.totals).toMatchObject({
      linesShort: 2,
      linesOver: 1,
      linesFaulty: 1,
      unitsNow: 47,
      unitsShort: 9,
      unitsOver: 4,
      unitsFaulty: 2,
      unitsOnOrder: 9,
      unitsNotComing: 0,
      valueShortEx: 600, // 5 tents at 120; the stoves have no price
      valueOverEx: 18,
      valueFaultyEx: 50.5,
      unpricedLines: 1,
    });
    expect(totalsSentence(report.totals)).toBe(
      '2 lines short (9 units), 1 line over (4 units), 2 faulty units.',
    );
  });

  it('a line both short and faulty says both', () => {
    const report = discrepancyReport({
      items: [orderLine(LANTERNS, 'Camp lantern', 'LAMP-1', 6)],
      draft: draftOf({ [LANTERNS]: draftLine(4, 2) }),
    });
    expect(report.lines[0]!.kinds).toEqual(['short', 'faulty']);
    expect(report.lines[0]!.summary).toBe('2 short – still on order; 2 faulty');
  });

  it('says so when nothing is wrong, and leaves no note', () => {
    const items = [orderLine(TENTS, 'Ember dome tent', 'TENT-1', 10, { before: 4 })];
    const report = discrepancyReport({ items, draft: draftOf({ [TENTS]: draftLine(6) }) });
    expect(report.clean).toBe(true);
    expect(report.lines).toEqual([]);
    expect(report.totals.unitsNow).toBe(6);
    expect(totalsSentence(report.totals)).toBe(
      'Everything on the order arrived, nothing over, nothing faulty.',
    );
    expect(shortfallSentence(report.totals)).toBe('');
    expect(notComingNote(report)).toBe('');
  });

  it('a line fully received earlier and untouched now is not listed; an untouched open line is short', () => {
    const items = [
      orderLine(TENTS, 'Ember dome tent', 'TENT-1', 10, { before: 10 }),
      orderLine(MUGS, 'Enamel mug', 'MUG-1', 3),
    ];
    const report = discrepancyReport({ items, draft: null });
    expect(report.lines.map((line) => [line.poItemId, line.short])).toEqual([[MUGS, 3]]);
  });

  it('a shortfall noted as not coming is no longer on order, and goes into the invoice notes', () => {
    const report = discrepancyReport({
      items: deliveryItems(),
      draft: deliveryDraft(),
      notComing: [STOVES, MUGS],
    });
    expect(byId(report, STOVES)).toMatchObject({
      fate: 'notComing',
      short: 4,
      stillOnOrder: 0,
      summary: '4 short – not coming',
    });
    // The mugs were over, not short: a not-coming mark has nothing to act on.
    expect(byId(report, MUGS)).toMatchObject({ fate: null });
    expect(byId(report, TENTS)).toMatchObject({ fate: 'onOrder', stillOnOrder: 5 });
    expect(report.totals).toMatchObject({ unitsShort: 9, unitsOnOrder: 5, unitsNotComing: 4 });
    expect(shortfallSentence(report.totals)).toBe(
      '5 units still on order; 4 units noted as not coming (the office cancels them on the order).',
    );
    expect(notComingNote(report)).toBe('Not coming (supplier will not send the rest): 4 × Trail stove.');
  });

  it('names each not-coming product with its SKU, one unit in the singular', () => {
    const items = [
      orderLine(TENTS, 'Ember dome tent', 'TENT-1', 10),
      orderLine(LANTERNS, 'Camp lantern', 'LAMP-1', 6),
    ];
    const report = discrepancyReport({
      items,
      draft: draftOf({ [TENTS]: draftLine(9), [LANTERNS]: draftLine(3) }),
      notComing: new Set([TENTS, LANTERNS]),
    });
    expect(notComingNote(report)).toBe(
      'Not coming (supplier will not send the rest): 1 × Ember dome tent (TENT-1); 3 × Camp lantern (LAMP-1).',
    );
    expect(shortfallSentence(report.totals)).toBe(
      '4 units noted as not coming (the office cancels them on the order).',
    );
  });
});
