/**
 * Keeps a scanning screen's one field focused, so a quantity typed before a scan lands in it: focus comes
 * back to it after a dialog closes, after a click on anything that is not another field, and when the
 * focused element disappears. It never takes focus from another input, select, textarea or editable
 * text, from an open dialog the field is not in, or while the person has text selected on the page; nor
 * when Tab leaves the page past its last control (the status bar's "Sync now"): the next Tab comes back at the
 * page's start, the skip link and the menu, and pulling focus back to the field there kept a keyboard user
 * from ever reaching the menu (issue #26).
 */

const OTHER_FIELDS = 'input, select, textarea, [contenteditable]:not([contenteditable="false"])';

export interface FocusKeeper {
  /** Focuses the field now, unless that would take focus from something that keeps it (see above). */
  reclaim(): void;
  dispose(): void;
}

export function keepFocus(field: () => HTMLInputElement | undefined, doc: Document = document): FocusKeeper {
  let pending: ReturnType<typeof setTimeout> | null = null;
  /**
   * A Tab press is moving focus: focus that goes nowhere meanwhile is leaving the page, not lost. Tab moves
   * focus as the default action of its keydown, in the same task, so the flag is cleared by the next task.
   */
  let tabbing = false;

  function mayTakeFocus(element: HTMLInputElement): boolean {
    if (!element.isConnected || element.disabled || doc.activeElement === element) return false;
    const active = doc.activeElement;
    if (active instanceof Element && active !== doc.body && active.closest(OTHER_FIELDS)) return false;
    const dialogs = [...doc.querySelectorAll('dialog[open]')];
    if (dialogs.some((dialog) => !dialog.contains(element))) return false;
    return doc.getSelection()?.type !== 'Range';
  }

  function reclaim() {
    const element = field();
    if (element && mayTakeFocus(element)) element.focus();
  }

  /** After the event's own handlers, and whatever they open or move, have run. */
  function reclaimSoon() {
    if (pending !== null) clearTimeout(pending);
    pending = setTimeout(() => {
      pending = null;
      reclaim();
    }, 0);
  }

  const inDialog = (target: EventTarget | null) =>
    target instanceof Element && target.closest('dialog') !== null;

  function onFocusIn(event: FocusEvent) {
    // Focus leaving a dialog for the page: the dialog closed (a modal one lets focus out no other way).
    if (inDialog(event.relatedTarget) && !inDialog(event.target)) reclaimSoon();
  }

  function onFocusOut(event: FocusEvent) {
    // Focus going nowhere: a click on the page's background, or the focused element was removed.
    if (event.relatedTarget === null && !tabbing) reclaimSoon();
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    tabbing = true;
    setTimeout(() => (tabbing = false), 0);
  };

  doc.addEventListener('pointerup', reclaimSoon, true);
  doc.addEventListener('focusin', onFocusIn, true);
  doc.addEventListener('focusout', onFocusOut, true);
  doc.addEventListener('keydown', onKeyDown, true);
  reclaim();
  return {
    reclaim,
    dispose() {
      if (pending !== null) clearTimeout(pending);
      doc.removeEventListener('pointerup', reclaimSoon, true);
      doc.removeEventListener('focusin', onFocusIn, true);
      doc.removeEventListener('focusout', onFocusOut, true);
      doc.removeEventListener('keydown', onKeyDown, true);
    },
  };
}
