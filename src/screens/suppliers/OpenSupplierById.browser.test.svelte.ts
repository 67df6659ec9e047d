/**
 * "Open supplier by id" in Chromium: an id that is not a number is refused at the field, in words; a good
 * one opens that supplier's page (which looks it up when it is not cached).
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountInPage } from '../../components/testing/mountInPage';
import { router } from '../../lib/router.svelte';
import OpenSupplierById from './OpenSupplierById.svelte';

describe('OpenSupplierById', () => {
  it('refuses what is not an id, and opens the supplier for one that is', async () => {
    router.navigate('#/suppliers');
    mountInPage(OpenSupplierById, {});
    const form = page.getByRole('form', { name: 'Open supplier by id' });
    const input = form.getByRole('textbox', { name: 'Open supplier by id' });

    await userEvent.fill(input, 'ACME');
    await userEvent.click(form.getByRole('button', { name: 'Open' }));
    await expect.element(input).toBeInvalid();
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('Enter the supplier’s id: digits only, for example 101');
    expect(router.route.parts).toEqual([]);

    await userEvent.fill(input, ' 150 ');
    await userEvent.keyboard('{Enter}');
    expect(router.route).toMatchObject({ section: 'suppliers', parts: ['150'] });
    expect(location.hash).toBe('#/suppliers/150');
    await expect.element(input).not.toBeInvalid();
  });
});
