/** Supplier returns, their items, credit notes and credit note items agree with each other. */
import { describe, expect, test } from 'vitest';
import { SUPPLIER_RETURN_STATUSES } from '../../src/api/enums';
import { testState } from './testing';

const state = testState();
const returns = [...state.supplierReturns.values()];
const returnItems = [...state.supplierReturnItems.values()];
const notes = [...state.creditNotes.values()];
const noteItems = [...state.creditNoteItems.values()];
const itemsOf = (returnId: number) => returnItems.filter((item) => item.supplier_return_id === returnId);

describe('supplier returns', () => {
  test('every status is present and items follow their return', () => {
    const statuses = new Set(returns.map((record) => record.supplier_return_status.name));
    expect(statuses).toEqual(new Set(SUPPLIER_RETURN_STATUSES));
    for (const item of returnItems) {
      const record = state.supplierReturns.get(item.supplier_return_id)!;
      expect(item.supplier_return_item_status).toEqual(record.supplier_return_status);
    }
  });

  test('dates follow the status', () => {
    for (const record of returns) {
      const status = record.supplier_return_status.name;
      expect(record.started_on === null).toBe(status === 'Incomplete');
      expect(record.finalised_on === null).toBe(status !== 'Finalised');
      if (status === 'Incomplete') expect(record.credit_note).toBeNull();
    }
  });

  test('totals are the sums of the items; items use live reasons and the supplier products', () => {
    const live = new Set(
      [...state.returnReasons.values()].filter((reason) => !reason.deleted).map((reason) => reason.id),
    );
    for (const record of returns) {
      const items = itemsOf(record.id);
      expect(items.length).toBeGreaterThan(0);
      expect(record.total_return_quantity).toBe(
        items.reduce((total, item) => total + item.return_quantity, 0),
      );
      expect(record.total_claim_amount_ex).toBeCloseTo(
        items.reduce((total, item) => total + item.total_claim_amount_ex, 0),
        2,
      );
      for (const item of items) {
        expect(live.has(item.supplier_return_reason.id)).toBe(true);
        expect(state.products.get(item.product.id)!.supplier.id).toBe(record.supplier.id);
        expect(state.reference.supplierReturnItemSources).toContainEqual(item.supplier_return_item_source);
      }
    }
  });

  test('some return reasons are soft-deleted, with deleted_on', () => {
    const reasons = [...state.returnReasons.values()];
    expect(reasons.some((reason) => reason.deleted)).toBe(true);
    for (const reason of reasons) expect(reason.deleted_on !== null).toBe(reason.deleted);
  });
});

describe('credit notes', () => {
  test('notes of a return and the return point at each other', () => {
    const linked = notes.filter((note) => note.supplier_return_id !== null);
    expect(linked.length).toBeGreaterThan(0);
    for (const note of linked) {
      const record = state.supplierReturns.get(note.supplier_return_id!)!;
      expect(record.credit_note).toEqual({ id: note.id });
      expect(note.supplier).toEqual(record.supplier);
      expect(record.total_credit_received_ex).toBeCloseTo(note.total_credit_amount_ex, 2);
    }
    for (const record of returns.filter((r) => r.credit_note !== null)) {
      expect(state.creditNotes.get(record.credit_note!.id)!.supplier_return_id).toBe(record.id);
    }
  });

  test("credit note items reference return items of the note's return, and back", () => {
    for (const item of noteItems) {
      const note = state.creditNotes.get(item.credit_note_id)!;
      if (note.supplier_return_id === null) {
        expect(item.supplier_return_item_id).toBeNull();
        continue;
      }
      const returnItem = state.supplierReturnItems.get(item.supplier_return_item_id!)!;
      expect(returnItem.supplier_return_id).toBe(note.supplier_return_id);
      expect(returnItem.credit_note_item).toEqual({ id: item.id, credit_note_id: note.id });
      expect(item.product.id).toBe(returnItem.product.id);
      expect(item.credit_quantity).toBeLessThanOrEqual(returnItem.return_quantity);
    }
    expect(notes.some((note) => note.supplier_return_id === null)).toBe(true);
  });

  test('note totals are the sums of their items; applied totals are all or nothing', () => {
    for (const note of notes) {
      const items = noteItems.filter((item) => item.credit_note_id === note.id);
      expect(items.length).toBeGreaterThan(0);
      expect(note.total_credit_quantity).toBe(
        items.reduce((total, item) => total + (item.credit_quantity ?? 0), 0),
      );
      expect(note.total_credit_amount_inc).toBeCloseTo(
        items.reduce((total, item) => total + (item.total_credit_amount_inc ?? 0), 0),
        2,
      );
      const applied = note.supplier_credited_on !== null;
      expect(note.total_applied_credit_amount_ex).toBe(applied ? note.total_credit_amount_ex : 0);
      for (const item of items)
        expect(item.total_applied_credit_amount_ex).toBe(applied ? item.total_credit_amount_ex : null);
    }
  });
});
