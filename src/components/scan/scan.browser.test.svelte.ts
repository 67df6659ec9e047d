/**
 * The scanning components in Chromium: the scanner tester shows what a scanner sent key by key and takes
 * the prefix it sends into the settings; the scan field undoes the last scan with Backspace (or Ctrl+Z)
 * when it is empty, and never while it holds text. Scanner keys are dispatched in one go, a few
 * microseconds apart: well inside any threshold, whatever the machine's load.
 */
import { flushSync } from 'svelte';
import { beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { SCANNER_SETTINGS_KEY } from '../../lib/scanner/settings';
import { scannerSettings } from '../../lib/scanner/service.svelte';
import { mountInPage } from '../testing/mountInPage';
import ScanField from './ScanField.svelte';
import ScannerSettings from './ScannerSettings.svelte';

/** A wedge scanner: every character then Enter, dispatched on the focused element at once. */
function scannerTypes(text: string) {
  const target = document.activeElement ?? document.body;
  for (const key of [...text, 'Enter'])
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

beforeEach(() => {
  localStorage.removeItem(SCANNER_SETTINGS_KEY);
  scannerSettings.reload();
});

describe('the scanner tester', () => {
  it('shows the keys the scanner sent, and uses the prefix it sends when asked', async () => {
    mountInPage(ScannerSettings, {});
    flushSync();
    scannerTypes('~9300000000019');
    const sent = page.getByTestId('scanner-sent');
    await expect.element(sent).toHaveTextContent('~9300000000019Enter');
    await expect.element(page.getByTestId('scanner-test-result')).toHaveTextContent('~9300000000019');
    await userEvent.click(page.getByRole('button', { name: 'Use ~ as the prefix' }));
    await expect.element(page.getByLabelText('Prefix character (optional)')).toHaveValue('~');
    await expect.element(page.getByText('Saved: ~ is the prefix now.')).toBeVisible();
    expect(scannerSettings.current.prefix).toBe('~');
    // From now on the prefix is stripped, and the offer is gone.
    scannerTypes('~9300000000019');
    await expect
      .element(page.getByTestId('scanner-test-result'))
      .toHaveTextContent('Last scan: 9300000000019');
    await expect.element(page.getByRole('button', { name: 'Use ~ as the prefix' })).not.toBeInTheDocument();
  });
});

describe('ScanField', () => {
  it('undoes the last scan with Backspace or Ctrl+Z in the empty field, never while it holds text or was typed in', async () => {
    const undos: string[] = [];
    mountInPage(ScanField, {
      label: 'Scan or type a code',
      onCode: () => {},
      onRejected: () => {},
      onUndo: () => undos.push('undo'),
    });
    const field = page.getByLabelText('Scan or type a code');
    await expect.element(field).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(undos).toEqual(['undo', 'undo']);
    await userEvent.keyboard('1');
    await expect.element(field).toHaveValue('1');
    await userEvent.keyboard('{Backspace}');
    await expect.element(field).toHaveValue('');
    expect(undos).toEqual(['undo', 'undo']);
    // One Backspace too many while clearing typed text edits, never undoes a scan; Ctrl+Z still does.
    await userEvent.keyboard('{Backspace}');
    expect(undos).toEqual(['undo', 'undo']);
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(undos).toEqual(['undo', 'undo', 'undo']);
  });
});
