/**
 * The edit-form shell's rules without a page: which keys save and cancel (and when a key is not the
 * form's), the state a save's answer leaves, and how the summary names fields.
 */
import { describe, expect, it } from 'vitest';
import { SAVED_HERE } from '../status/syncWords';
import { cancelOnEscape, keyAction, stateAfter, stateText, summaryFields, summaryMessage } from './editForm';

const key = (key: string, extra: Partial<Parameters<typeof keyAction>[0]> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  defaultPrevented: false,
  isComposing: false,
  ...extra,
});

describe('keyAction', () => {
  it('saves on Ctrl+Enter or Cmd+Enter, leaves plain Enter to the browser, and cancels on Escape', () => {
    expect(keyAction(key('Enter', { ctrlKey: true }))).toBe('save');
    expect(keyAction(key('Enter', { metaKey: true }))).toBe('save');
    expect(keyAction(key('Enter'))).toBeNull();
    expect(keyAction(key('Escape'))).toBe('cancel');
    expect(keyAction(key('a', { ctrlKey: true }))).toBeNull();
  });

  it('leaves a key something inside already took, or one an input method is composing with', () => {
    expect(keyAction(key('Escape', { defaultPrevented: true }))).toBeNull();
    expect(keyAction(key('Enter', { ctrlKey: true, isComposing: true }))).toBeNull();
  });
});

describe('cancelOnEscape', () => {
  it('cancels on Escape and takes the key, and leaves every other key, or an Escape already taken', () => {
    let cancels = 0;
    const onkeydown = cancelOnEscape(() => cancels++);
    const press = (name: string, extra = {}) => {
      const event = { ...key(name, extra), prevented: false, preventDefault: () => (event.prevented = true) };
      onkeydown(event);
      return event.prevented;
    };
    expect(press('Enter')).toBe(false);
    expect(press('Escape', { defaultPrevented: true })).toBe(false);
    expect(cancels).toBe(0);
    expect(press('Escape')).toBe(true);
    expect(cancels).toBe(1);
  });
});

describe('the state after a save', () => {
  it('is pending when a change was queued, unchanged when nothing was, refused on errors', () => {
    expect(stateAfter({ ok: true, op: { id: 3 } })).toBe('pending');
    expect(stateAfter({ ok: true, op: null })).toBe('unchanged');
    expect(stateAfter({ ok: true })).toBe('unchanged');
    expect(stateAfter({ ok: false, errors: { name: ['x'] } })).toBe('refused');
    expect(stateText('pending')).toBe(SAVED_HERE);
    expect(stateText('refused')).toBe('');
  });
});

describe('the summary', () => {
  const errors = { $: ['Not on this computer any more.'], addressLine1: ['Too long.'], odd: ['?'] };

  it('names fields by their labels (an unlabelled one by its key) and says the rest as its message', () => {
    expect(summaryFields(errors, { addressLine1: 'Street address' })).toEqual({
      'Street address': ['Too long.'],
      odd: ['?'],
    });
    expect(summaryMessage(errors, {})).toBe('Not on this computer any more.');
    expect(summaryMessage({ odd: ['?'] }, {})).toBeUndefined();
  });

  it('points at the marked fields when the form declares no labels', () => {
    expect(summaryFields({ odd: ['?'] }, undefined)).toEqual({});
    expect(summaryMessage({ odd: ['?'] }, undefined)).toBe('Check the fields marked below.');
    expect(summaryMessage({}, undefined)).toBeUndefined();
  });
});
