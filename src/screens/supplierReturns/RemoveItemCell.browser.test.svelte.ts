/**
 * Remove for one return item in Chromium: asked twice ("Remove", then "Yes, remove" or "Keep"), offered only
 * for an item not sent yet; one on its way says so, one on the server offers nothing (the API cannot delete
 * a return item).
 */
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { mountInPage } from '../../components/testing/mountInPage';
import RemoveItemCell from './RemoveItemCell.svelte';

const name = '2 × Ember dome tent';

describe('RemoveItemCell', () => {
  it('removes only after the clerk confirms; Keep leaves the item', async () => {
    const onremove = vi.fn(() => Promise.resolve());
    mountInPage(RemoveItemCell, { name, removal: { kind: 'removable', opId: 'op-1' }, onremove });
    const remove = page.getByRole('button', { name: `Remove ${name}` });

    await userEvent.click(remove);
    const confirm = page.getByRole('group', { name: `Remove ${name}?` });
    await userEvent.click(confirm.getByRole('button', { name: 'Keep' }));
    await expect.element(remove).toBeVisible();
    expect(onremove).not.toHaveBeenCalled();

    await userEvent.click(remove);
    await userEvent.click(confirm.getByRole('button', { name: 'Yes, remove' }));
    expect(onremove).toHaveBeenCalledTimes(1);
  });

  it('offers nothing for an item on its way or on the server', async () => {
    const onremove = vi.fn(() => Promise.resolve());
    mountInPage(RemoveItemCell, { name, removal: { kind: 'sending' }, onremove });
    await expect.element(page.getByText('Being sent')).toBeVisible();
    mountInPage(RemoveItemCell, { name, removal: { kind: 'on-server' }, onremove });
    expect(page.getByRole('button').elements()).toHaveLength(0);
  });
});
