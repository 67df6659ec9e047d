/**
 * The name form in Chromium, with the shipment types' real rule (src/db/referenceData/namedLists.ts): the
 * contract's bound is the field's hint; a name over it, or one the list already has, is refused at the field
 * in words with focus back on it; a good name is saved and, in a create form, the field empties for the next.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountInPage } from '../../components/testing/mountInPage';
import { NAMED_LISTS, nameMax, validateName } from '../../db/referenceData/namedLists';
import NameForm from './NameForm.svelte';

describe('NameForm', () => {
  it('refuses at the field in words, then saves and empties for the next name', async () => {
    const list = NAMED_LISTS.shipmentTypes;
    const saved: string[] = [];
    mountInPage(NameForm, {
      formLabel: 'New shipment type',
      label: 'New shipment type',
      max: nameMax(list),
      submitLabel: 'Add shipment type',
      clearOnSave: true,
      save: async (typed: string) => {
        const result = validateName(list, typed, [{ id: 1, name: 'Sea freight' }]);
        if (!result.ok) return result.errors;
        saved.push(result.name);
        return null;
      },
    });
    const form = page.getByRole('form', { name: 'New shipment type' });
    const input = form.getByRole('textbox', { name: 'New shipment type' });
    await expect.element(input).toHaveAccessibleDescription('Up to 50 characters');

    await userEvent.fill(input, 'x'.repeat(51));
    await userEvent.click(form.getByRole('button', { name: 'Add shipment type' }));
    await expect.element(input).toBeInvalid();
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('At most 50 characters (this has 51). Shorten the name.');
    await expect.element(input).toHaveFocus();

    await userEvent.fill(input, 'sea FREIGHT');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('There is already a shipment type called “Sea freight”. Choose another name.');

    await userEvent.fill(input, ' Overnight courier ');
    await userEvent.keyboard('{Enter}');
    await expect.element(input).toHaveValue('');
    await expect.element(form.getByRole('alert')).not.toBeInTheDocument();
    expect(saved).toEqual(['Overnight courier']);
  });
});
