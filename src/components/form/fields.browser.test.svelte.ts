/**
 * The form pieces in Chromium: a label names its control, a hint and an error describe it (and the error is
 * announced), typing reaches the bound value (a number field gives a number or null, never NaN or text), a
 * select gives the chosen option's own value, and the error summary lists each field's messages.
 */
import { flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountInPage } from '../testing/mountInPage';
import FormErrors from './FormErrors.svelte';
import NumberField from './NumberField.svelte';
import SelectField from './SelectField.svelte';
import TextField from './TextField.svelte';

describe('TextField', () => {
  it('binds what is typed, and is described by its hint and then its error', async () => {
    const props = $state({
      label: 'Supplier code',
      value: 'ACME',
      hint: 'Up to 20 characters',
      error: undefined as string | undefined,
      required: true,
    });
    mountInPage(TextField, props);
    const input = page.getByRole('textbox', { name: 'Supplier code' });
    await expect.element(input).toHaveValue('ACME');
    await expect.element(input).toHaveAccessibleDescription('Up to 20 characters');
    await expect.element(input).not.toBeInvalid();

    await userEvent.clear(input);
    await userEvent.type(input, 'BOLT-01');
    expect(props.value).toBe('BOLT-01');

    props.error = 'At most 20 characters (this has 21).';
    flushSync();
    await expect.element(input).toBeInvalid();
    await expect
      .element(input)
      .toHaveAccessibleDescription('Up to 20 characters At most 20 characters (this has 21).');
    await expect.element(page.getByRole('alert')).toHaveTextContent('At most 20 characters (this has 21).');
  });
});

describe('NumberField', () => {
  it('gives a number while one is typed, and null once emptied', async () => {
    const props = $state({ label: 'Lead time (days)', value: 5 as number | null });
    mountInPage(NumberField, props);
    const input = page.getByRole('spinbutton', { name: 'Lead time (days)' });
    await expect.element(input).toHaveValue(5);
    await userEvent.clear(input);
    expect(props.value).toBeNull();
    await userEvent.type(input, '12.5');
    expect(props.value).toBe(12.5);
  });
});

describe('SelectField', () => {
  it("offers the placeholder first and gives the chosen option's value as it is typed", async () => {
    const chosen: (number | null)[] = [];
    const props = $state({
      label: 'Shipping port',
      placeholder: 'Not set',
      value: null as number | null,
      options: [
        { value: 3, label: 'Port Botany' },
        { value: 4, label: 'Port of Melbourne' },
      ],
      onchange: (value: number | null) => chosen.push(value),
    });
    mountInPage(SelectField, props);
    const select = page.getByRole('combobox', { name: 'Shipping port' });
    expect(
      select
        .getByRole('option')
        .elements()
        .map((option) => option.textContent),
    ).toEqual(['Not set', 'Port Botany', 'Port of Melbourne']);
    await userEvent.selectOptions(select, 'Port of Melbourne');
    expect(props.value).toBe(4);
    await userEvent.selectOptions(select, 'Not set');
    expect(props.value).toBeNull();
    expect(chosen).toEqual([4, null]);
  });

  it('shows a value missing from its options by unknownLabel, chosen, and keeps it choosable', async () => {
    const props = $state({
      label: 'Country of origin',
      placeholder: 'Not changed',
      value: 12 as number | null,
      options: [{ value: 44, label: 'China' }],
      unknownLabel: (id: number) => `Country #${id}`,
    });
    mountInPage(SelectField, props);
    const select = page.getByRole('combobox', { name: 'Country of origin' });
    await expect.element(select).toHaveDisplayValue('Country #12');
    await userEvent.selectOptions(select, 'China');
    expect(props.value).toBe(44);
    await userEvent.selectOptions(select, 'Not changed');
    expect(props.value).toBeNull();
  });
});

describe('FormErrors', () => {
  it('lists every field with its messages, and shows nothing without errors', async () => {
    const props = $state({
      title: 'The supplier was not saved',
      message: undefined as string | undefined,
      fields: {} as Record<string, string[]>,
    });
    const { target } = mountInPage(FormErrors, props);
    expect(target.textContent?.trim()).toBe('');

    props.fields = { 'Supplier code': ['At most 20 characters.'], Comments: ['Take out @.', 'Too long.'] };
    flushSync();
    const alert = page.getByRole('alert');
    await expect.element(alert).toHaveTextContent('The supplier was not saved');
    expect(
      alert
        .getByRole('listitem')
        .elements()
        .map((item) => item.textContent),
    ).toEqual(['Supplier code: At most 20 characters.', 'Comments: Take out @. Too long.']);
  });
});
