/**
 * ConfirmDialog in Chromium: a modal <dialog> named by its title, focus on the safe choice so Enter never
 * destroys by accident, Escape cancels, and focus goes back to what opened it.
 */
import { createRawSnippet, flushSync } from 'svelte';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountInPage } from '../testing/mountInPage';
import ConfirmDialog from './ConfirmDialog.svelte';

function dialog() {
  const calls: string[] = [];
  const props = $state({
    open: false,
    title: 'Delete Bolt Hardware (BOLT)?',
    confirmLabel: 'Delete supplier',
    destructive: true,
    onconfirm: () => calls.push('confirm'),
    oncancel: () => {
      calls.push('cancel');
      props.open = false;
    },
    children: createRawSnippet(() => ({ render: () => '<p>Its product links are removed.</p>' })),
  });
  const opener = document.createElement('button');
  opener.textContent = 'Delete supplier…';
  document.body.append(opener);
  mountInPage(ConfirmDialog, props);
  return { props, calls, opener };
}

describe('ConfirmDialog', () => {
  it('opens modal with focus on Cancel; Escape cancels and focus returns to the opener', async () => {
    const { props, calls, opener } = dialog();
    opener.focus();
    props.open = true;
    flushSync();
    const modal = page.getByRole('dialog', { name: 'Delete Bolt Hardware (BOLT)?' });
    await expect.element(modal).toBeVisible();
    await expect.element(modal).toHaveTextContent('Its product links are removed.');
    await expect.element(modal.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(calls).toEqual(['cancel']);
    await expect.element(modal).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('confirms only from its confirm button', async () => {
    const { props, calls, opener } = dialog();
    props.open = true;
    flushSync();
    await userEvent.click(page.getByRole('button', { name: 'Delete supplier', exact: true }));
    expect(calls).toEqual(['confirm']);
    opener.remove();
  });
});
