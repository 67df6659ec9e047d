/**
 * A return's address lines: the API bounds none of them, so the header form holds a changed line to the
 * bounds of src/db/edits/formBounds.ts (issue #26); a longer line the server already holds stays editable
 * around.
 */
import { describe, expect, it } from 'vitest';
import { sampleSupplierReturn } from '../../api/resources/fixtures';
import { returnFormOf, validateReturnForm } from './returnForm';
import type { CachedSupplierReturn } from './returnRecords';

const seen = sampleSupplierReturn({ id: 8101 }) as CachedSupplierReturn;

describe('return address bounds', () => {
  it('refuses a changed line past its bound, at its field', () => {
    expect(
      validateReturnForm(
        seen,
        { ...returnFormOf(seen), addressLine1: 'x'.repeat(10_000), postcode: '1'.repeat(11) },
        1,
      ),
    ).toEqual({
      ok: false,
      errors: {
        addressLine1: ['At most 100 characters (this has 10,000).'],
        postcode: ['At most 10 characters (this has 11).'],
      },
    });
  });

  it('does not hold a stored longer line against an edit of something else', () => {
    const long = {
      ...seen,
      supplier_address: { ...seen.supplier_address, suburb: 's'.repeat(80) },
    } as CachedSupplierReturn;
    expect(validateReturnForm(long, { ...returnFormOf(long), notes: 'Two cartons' }, 1).ok).toBe(true);
  });
});
