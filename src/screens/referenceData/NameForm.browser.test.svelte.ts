/**
 * The name form on the edit-form shell in Chromium, with the shipment types' real rule
 * (src/db/referenceData/namedLists.ts): the contract's bound is the field's hint; a name over it, or one the
 * list already has, is refused at the field in words (no summary repeating it) with focus back on it; a
 * good name is saved here and, in a create form, the field empties for the next. A refusal of the whole
 * change stands at the field too, and a rename to the same name says there was nothing to save.
 */
import { describe, expect, it } from 'vitest';
import { page, userEvent, type Locator } from 'vitest/browser';
import { mountInPage } from '../../components/testing/mountInPage';
import { sampleOp } from '../../db/testing/sampleOp';
import { SAVED_HERE } from '../../components/status/syncWords';
import { NAMED_LISTS, nameMax, validateName, type EditResult } from '../../db/referenceData/namedLists';
import NameForm from './NameForm.svelte';

/** Saves with `button` and expects the refusal at the field alone, with focus back on it. */
async function refusedAt(form: Locator, input: Locator, button: string, message: string) {
  await userEvent.click(form.getByRole('button', { name: button }));
  await expect.element(input).toBeInvalid();
  await expect.element(form.getByRole('alert')).toHaveTextContent(message);
  await expect.element(input).toHaveFocus();
}

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
      save: async (typed: string): Promise<EditResult> => {
        const result = validateName(list, typed, [{ id: 1, name: 'Sea freight' }]);
        if (!result.ok) return result;
        saved.push(result.name);
        return { ok: true, op: sampleOp(result.name), id: -saved.length };
      },
    });
    const form = page.getByRole('form', { name: 'New shipment type' });
    const input = form.getByRole('textbox', { name: 'New shipment type' });
    await expect.element(input).toHaveAccessibleDescription('Up to 50 characters');

    await userEvent.fill(input, 'x'.repeat(51));
    await refusedAt(
      form,
      input,
      'Add shipment type',
      'At most 50 characters (this has 51). Shorten the name.',
    );

    await userEvent.fill(input, 'sea FREIGHT');
    await userEvent.keyboard('{Enter}');
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('There is already a shipment type called “Sea freight”. Choose another name.');

    await userEvent.fill(input, ' Overnight courier ');
    await userEvent.keyboard('{Enter}');
    await expect.element(input).toHaveValue('');
    await expect.element(form.getByRole('alert')).not.toBeInTheDocument();
    await expect.element(form.getByRole('status')).toHaveTextContent(SAVED_HERE);
    expect(saved).toEqual(['Overnight courier']);
  });

  it('keeps a rename typed, says a refusal of the whole change at the field, and an unchanged name', async () => {
    const answers: EditResult[] = [
      { ok: false, errors: { $: ['This shipping port is not on this computer any more.'] } },
      { ok: true, op: null, id: 7 },
    ];
    const typed: string[] = [];
    mountInPage(NameForm, {
      formLabel: 'Rename shipping port',
      label: 'Name',
      max: 100,
      submitLabel: 'Rename',
      initial: 'Fremantle',
      save: async (name: string) => {
        typed.push(name);
        return answers.shift()!;
      },
    });
    const form = page.getByRole('form', { name: 'Rename shipping port' });
    const input = form.getByRole('textbox', { name: 'Name' });
    await expect.element(input).toHaveValue('Fremantle');

    await refusedAt(form, input, 'Rename', 'This shipping port is not on this computer any more.');

    await userEvent.keyboard('{Enter}');
    await expect
      .element(form.getByRole('status'))
      .toHaveTextContent('Nothing to save: no field was changed.');
    await expect.element(input).toHaveValue('Fremantle');
    expect(typed).toEqual(['Fremantle', 'Fremantle']);
  });
});
