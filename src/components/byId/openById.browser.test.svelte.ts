/**
 * OpenByIdForm for records people know by id (a supplier, a shipping port) in Chromium: an id that is not a
 * number is refused at the field, in words that say "id"; a good one opens that record's page (which looks
 * it up when it is not cached), under the list's own path segments when it has them.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountInPage } from '../testing/mountInPage';
import { router } from '../../lib/router.svelte';
import OpenByIdForm from './OpenByIdForm.svelte';

describe('OpenByIdForm by id', () => {
  it('refuses what is not an id, and opens the supplier for one that is', async () => {
    router.navigate('#/suppliers');
    mountInPage(OpenByIdForm, {
      noun: 'supplier',
      word: 'id',
      label: 'Open supplier by id',
      section: 'suppliers',
      example: 101,
    });
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

  it('opens a record under its list’s path, and says "id" when the number is out of range', async () => {
    router.navigate('#/lists/shipping-ports');
    mountInPage(OpenByIdForm, {
      noun: 'shipping port',
      word: 'id',
      label: 'Open shipping port by id',
      section: 'lists',
      parts: ['shipping-ports'],
      example: 12,
    });
    const form = page.getByRole('form', { name: 'Open shipping port by id' });
    const input = form.getByRole('textbox', { name: 'Open shipping port by id' });
    await userEvent.fill(input, '0');
    await userEvent.keyboard('{Enter}');
    await expect.element(form.getByRole('alert')).toHaveTextContent('That is not a shipping port id');
    await userEvent.fill(input, '7');
    await userEvent.keyboard('{Enter}');
    expect(location.hash).toBe('#/lists/shipping-ports/7');
  });
});
