/**
 * The edit-form shell in Chromium: a refused save shows each field's errors under its label in the summary
 * and puts focus on the first field marked invalid (the summary when none is); a save in progress is not
 * started twice; a queued save is announced as saved here and waiting (or as nothing to save) and handed to
 * the area; Ctrl+Enter saves from a notes box and Escape cancels, to a callback or a route.
 */
import { createRawSnippet } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SAVED_HERE } from '../status/syncWords';
import { mountInPage } from '../testing/mountInPage';
import EditForm from './EditForm.svelte';
import type { FormErrors, SaveResult } from './editForm';

/** Three fields, each marked invalid while the errors name it, as Field.svelte marks its control. */
const fields = createRawSnippet((errors: () => FormErrors) => ({
  render: () => `<div>
      <label for="f-name">Name</label><input id="f-name" />
      <label for="f-code">Code</label><input id="f-code" />
      <label for="f-notes">Notes</label><textarea id="f-notes"></textarea>
    </div>`,
  setup(node) {
    $effect(() => {
      const current = errors();
      for (const field of ['name', 'code', 'notes'])
        node.querySelector(`#f-${field}`)!.setAttribute('aria-invalid', String(Boolean(current[field])));
    });
  },
}));

function shell(props: Record<string, unknown>) {
  mountInPage(EditForm, {
    label: 'Edit thing',
    title: 'The thing was not saved',
    submitLabel: 'Save thing',
    fields,
    ...props,
  });
  return page.getByRole('form', { name: 'Edit thing' });
}

describe('EditForm', () => {
  it('names each refused field in the summary by its label, and puts focus on the first one', async () => {
    const save = vi.fn(async (): Promise<SaveResult> => ({
      ok: false,
      errors: { notes: ['Too long.'], code: ['A code is needed.'] },
    }));
    const form = shell({ save, labels: { name: 'Name', code: 'Code', notes: 'Notes' } });

    await userEvent.click(form.getByRole('button', { name: 'Save thing' }));
    const summary = form.getByRole('alert');
    await expect.element(summary).toHaveTextContent('The thing was not saved');
    await expect.element(summary).toHaveTextContent('Notes: Too long.');
    await expect.element(summary).toHaveTextContent('Code: A code is needed.');
    // The first invalid field in tab order, not the first in the error map.
    await expect.element(form.getByLabelText('Code')).toHaveFocus();
    expect(form.element().dataset.state).toBe('refused');
    expect(form.element().querySelector('[role="status"]')?.textContent).toBe('');
  });

  it('points at the marked fields without labels, and focuses the summary when no field is to blame', async () => {
    let answer: SaveResult = { ok: false, errors: { code: ['A code is needed.'] } };
    const form = shell({ save: async () => answer });

    await userEvent.click(form.getByRole('button', { name: 'Save thing' }));
    await expect.element(form.getByRole('alert')).toHaveTextContent('Check the fields marked below.');
    await expect.element(form.getByLabelText('Code')).toHaveFocus();

    answer = { ok: false, errors: { $: ['This thing is not on this computer any more.'] } };
    await userEvent.click(form.getByRole('button', { name: 'Save thing' }));
    await expect
      .element(form.getByRole('alert'))
      .toHaveTextContent('This thing is not on this computer any more.');
    expect(document.activeElement?.classList.contains('summary')).toBe(true);
  });

  it('saves once while a save is under way, then says it is saved here and hands the result on', async () => {
    let finish: (result: SaveResult) => void = () => {};
    const save = vi.fn(() => new Promise<SaveResult>((resolve) => (finish = resolve)));
    const onsaved = vi.fn();
    const form = shell({ save, onsaved });

    await userEvent.click(form.getByRole('button', { name: 'Save thing' }));
    const busy = form.getByRole('button', { name: 'Saving…' });
    await expect.element(busy).toHaveAttribute('aria-disabled', 'true');
    // Enter in a field submits again; the save under way is not started twice.
    await userEvent.click(form.getByLabelText('Name'));
    await userEvent.keyboard('{Enter}');
    expect(save).toHaveBeenCalledTimes(1);

    finish({ ok: true, op: { id: 1 } });
    await expect.element(form.getByRole('status')).toHaveTextContent(SAVED_HERE);
    expect(onsaved).toHaveBeenCalledWith({ ok: true, op: { id: 1 } });
    expect(form.element().dataset.state).toBe('pending');

    await userEvent.click(form.getByRole('button', { name: 'Save thing' }));
    finish({ ok: true, op: null });
    await expect
      .element(form.getByRole('status'))
      .toHaveTextContent('Nothing to save: no field was changed.');
  });

  it('saves on Ctrl+Enter in a notes box, and cancels on Escape', async () => {
    const save = vi.fn(async (): Promise<SaveResult> => ({ ok: true, op: null }));
    const cancel = vi.fn();
    const form = shell({ save, cancel });

    await userEvent.click(form.getByLabelText('Notes'));
    await userEvent.keyboard('one{Enter}two');
    expect(save).not.toHaveBeenCalled();
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    await expect.poll(() => save.mock.calls.length).toBe(1);
    expect((form.getByLabelText('Notes').element() as HTMLTextAreaElement).value).toBe('one\ntwo');

    await userEvent.click(form.getByLabelText('Name'));
    await userEvent.keyboard('{Escape}');
    expect(cancel).toHaveBeenCalledTimes(1);
    await userEvent.click(form.getByRole('button', { name: 'Cancel' }));
    expect(cancel).toHaveBeenCalledTimes(2);
  });

  it('cancels to its route: a Cancel link, and Escape goes there', async () => {
    location.hash = '#/suppliers/12/edit';
    const form = shell({ save: async () => ({ ok: true }), cancel: '#/suppliers/12' });

    await expect
      .element(form.getByRole('link', { name: 'Cancel' }))
      .toHaveAttribute('href', '#/suppliers/12');
    await userEvent.click(form.getByLabelText('Code'));
    await userEvent.keyboard('{Escape}');
    expect(location.hash).toBe('#/suppliers/12');
  });
});
