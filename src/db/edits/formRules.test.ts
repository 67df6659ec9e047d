/**
 * The steps every form's rules share: only what changed goes in the body (an emptied text clears it with
 * null, an emptied reference is never sent), a bound binds only a field the user changed, and a contract
 * issue lands at its form field unless the form already said something there.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addBoundErrors,
  addKeptErrors,
  changedRefs,
  changedText,
  changedValues,
  checkedBody,
  textBounds,
  type FormErrors,
} from './formRules';

const before = { name: 'Acme', notes: ' kept ', countryId: 12 as number | null, urgent: false };

describe('the body of what changed', () => {
  it('sends changed text as typed and an emptied one as null; trimmed when asked', () => {
    const form = { ...before, name: '', notes: 'kept' };
    expect(changedText({ name: 'name', notes: 'notes' }, before, form)).toEqual({
      name: null,
      notes: 'kept',
    });
    expect(changedText({ name: 'name', notes: 'notes' }, before, form, { trim: true })).toEqual({
      name: null,
    });
  });

  it('sends a reference chosen anew as { id }, never one emptied; other values as they are', () => {
    expect(changedRefs({ countryId: 'country' }, before, { ...before, countryId: 44 })).toEqual({
      country: { id: 44 },
    });
    expect(changedRefs({ countryId: 'country' }, before, { ...before, countryId: null })).toEqual({});
    expect(changedValues({ urgent: 'is_urgent' }, before, { ...before, urgent: true })).toEqual({
      is_urgent: true,
    });
    expect(changedValues({ urgent: 'is_urgent' }, before, before)).toEqual({});
  });
});

describe('errors at the fields', () => {
  it('holds only changed text to its bound, and keeps a reference once set', () => {
    const long = { ...before, name: 'x'.repeat(6), notes: 'y'.repeat(9) };
    const errors: FormErrors = {};
    addBoundErrors(textBounds({ name: 5, notes: 5 }), long, { ...long, notes: before.notes }, errors);
    expect(errors).toEqual({ notes: ['At most 5 characters (this has 9).'] });
    addKeptErrors(['countryId'], { ...before, countryId: null }, before, errors);
    expect(errors.countryId).toEqual(['Once set, this can be changed but not removed.']);
  });

  it("names a contract issue at its form field in the form's words, unless the form spoke first", () => {
    const schema = z.object({ supplier_code: z.string().max(3), name: z.string().max(3) });
    const fieldOf = (path: readonly PropertyKey[]) => (path[0] === 'supplier_code' ? 'code' : '$');
    const errors: FormErrors = { $: ['Said first.'] };
    const result = checkedBody(
      schema,
      { supplier_code: 'ABCD', name: 'ABCD' },
      errors,
      fieldOf,
      () => 'Too long.',
    );
    expect(result).toEqual({ ok: false, errors: { $: ['Said first.'], code: ['Too long.'] } });
    expect(checkedBody(schema, { supplier_code: 'AB', name: 'A' }, {}, fieldOf, () => '')).toEqual({
      ok: true,
      body: { supplier_code: 'AB', name: 'A' },
    });
  });
});
