/**
 * Putting held keys back where a person typed them (./install.ts), and taking them back out when they
 * turn out to be the first part of a broken scan. Taking back only ever undoes our own insertion: if the
 * field changed since (the person typed on), it is left alone and the caller is told.
 */
import type { Retract } from './fragments';

/** Inputs whose text has a caret (`setRangeText` works); number, date… inputs have none. */
function hasCaret(element: HTMLInputElement | HTMLTextAreaElement): boolean {
  try {
    return element.selectionStart !== null;
  } catch {
    return false;
  }
}

function announceInput(element: HTMLElement, inputType: string, data: string | null): void {
  element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType, data }));
}

function insertText(element: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  if (hasCaret(element)) {
    const start = element.selectionStart ?? element.value.length;
    const end = element.selectionEnd ?? start;
    element.setRangeText(text, start, end, 'end');
    announceInput(element, 'insertText', text);
    return;
  }
  // A number input keeps unfinished text ("2.") only inside the browser's editor, which `value` cannot
  // set, so the text is typed through the editing command while the input has focus.
  if (document.activeElement === element) {
    // execCommand is deprecated, yet it is the one way to type into a number input as a person would.
    if (document.execCommand('insertText', false, text)) return;
  }
  element.value += text;
  announceInput(element, 'insertText', text);
}

/** Types `text` into a text field as the person would have; returns how to take it back out. */
export function typeInto(element: HTMLInputElement | HTMLTextAreaElement, text: string): Retract {
  if (element.disabled || element.readOnly) return () => true;
  const before = element.value;
  const caret = hasCaret(element) ? element.selectionStart : null;
  insertText(element, text);
  const after = element.value;
  return () => {
    if (!element.isConnected || element.value !== after) return false;
    element.value = before;
    if (caret !== null && hasCaret(element)) element.setSelectionRange(caret, caret);
    announceInput(element, 'deleteContentBackward', null);
    return true;
  };
}

function choose(select: HTMLSelectElement, index: number): void {
  select.selectedIndex = index;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * A select's type-ahead, which held keys would otherwise lose: the first option starting with the text.
 * Returns how to choose the earlier option again.
 */
export function chooseByText(select: HTMLSelectElement, text: string): Retract {
  const wanted = text.toLocaleLowerCase();
  const index = [...select.options].findIndex((option) => option.text.toLocaleLowerCase().startsWith(wanted));
  const before = select.selectedIndex;
  if (index < 0 || index === before) return () => true;
  choose(select, index);
  return () => {
    if (!select.isConnected || select.selectedIndex !== index) return false;
    choose(select, before);
    return true;
  };
}
