/**
 * Is focus somewhere a scan would be typed into? A field, a text area, a select or anything editable: there
 * the app's "a scan opens the product" stays out of the way, and the keys go where the user is typing.
 */
export function isEditable(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement)
    return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file', 'image'].includes(
      element.type,
    );
  return element instanceof HTMLElement && element.isContentEditable;
}
