/**
 * The edit-form shell's rules (EditForm.svelte), kept out of the component so they are tested without a
 * page: what a save answers, where the form stands after it, what the status line says, which keys save
 * and cancel, and how the error summary names each field. An area declares its fields, its labels and its
 * save; everything here is the same for every form.
 */
import { getContext, setContext } from 'svelte';
import { SAVED_HERE } from '../status/syncWords';

/** A form's errors by form field, in a clerk's words; `$` holds what belongs to no one field. */
export type FormErrors = Readonly<Record<string, readonly string[]>>;

/**
 * What an area's save answers: queued through the outbox (`op` null or absent when nothing changed, so
 * nothing was queued), or refused with the errors to show. Areas add their own fields (the saved record).
 */
export type SaveResult = { ok: true; op?: unknown } | { ok: false; errors: FormErrors };

/**
 * Where the form stands: `editing` (nothing saved yet, or typing after a save), `saving`, `pending` (saved
 * on this computer, waiting to be sent), `unchanged` (a save with nothing to send) or `refused` (the save
 * was refused here: the errors say why and nothing was queued).
 */
export type EditFormState = 'editing' | 'saving' | 'pending' | 'unchanged' | 'refused';

/**
 * What an edit form tells the fields inside it, so a field named `name` needs no label, error or bound of
 * its own: the area declares them once (its labels, its max lengths) and the shell holds the errors.
 */
export interface FieldContext {
  label(name: string): string | undefined;
  error(name: string): readonly string[] | undefined;
  maxLength(name: string): number | undefined;
}

const FIELDS = Symbol('edit-form fields');

/** Called by EditForm while it is created: the fields inside it read `context`. */
export const provideFields = (context: FieldContext) => setContext(FIELDS, context);

/** The enclosing edit form's field context, if the field is inside one (called while the field is created). */
export const fieldContext = (): FieldContext | undefined => getContext<FieldContext | undefined>(FIELDS);

/** A run of fields declared once (TextFields, CheckFields): the form they edit and its fields in order. */
export interface FieldRun<F extends object> {
  form: F;
  fields: readonly (keyof F & string)[];
}

/** The state a save's answer leaves the form in. */
export function stateAfter(result: SaveResult): EditFormState {
  if (!result.ok) return 'refused';
  return result.op ? 'pending' : 'unchanged';
}

/** The status line under the buttons, for a form that stays open after its save; '' says nothing. */
export function stateText(state: EditFormState): string {
  if (state === 'pending') return SAVED_HERE;
  if (state === 'unchanged') return 'Nothing to save: no field was changed.';
  return '';
}

/**
 * The error summary's lines: each field's messages under its label (`Return authorisation`, not
 * `returnAuthorisation`), `$` left out (it is the summary's message). A form that declares no labels
 * lists no fields: its summary points at the fields instead (`summaryMessage`).
 */
export function summaryFields(
  errors: FormErrors,
  labels: Readonly<Record<string, string>> | undefined,
): Record<string, readonly string[]> {
  if (!labels) return {};
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field !== '$')
      .map(([field, messages]) => [labels[field] ?? field, messages]),
  );
}

/** The summary's message: what belongs to no field, or (without labels) a pointer to the marked fields. */
export function summaryMessage(
  errors: FormErrors,
  labels: Readonly<Record<string, string>> | undefined,
): string | undefined {
  if (errors.$?.length) return errors.$.join(' ');
  if (!labels && Object.keys(errors).length > 0) return 'Check the fields marked below.';
  return undefined;
}

/** What keyAction reads of a KeyboardEvent (declared here: the rules are tested in Node, without the DOM). */
interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
  isComposing: boolean;
}

/**
 * What a key pressed inside the form does. Enter in a text field already submits the form (the browser's
 * own rule); Ctrl+Enter (Cmd+Enter) saves from anywhere, a notes box too, where Enter is a new line.
 * Escape cancels, unless something inside (a dialog, a combobox) took it first, or an input method is
 * composing a character.
 */
export function keyAction(event: KeyLike): 'save' | 'cancel' | null {
  if (event.defaultPrevented || event.isComposing) return null;
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'save';
  if (event.key === 'Escape') return 'cancel';
  return null;
}

/**
 * A keydown handler for a form that is not an EditForm (a receiving card): Escape from any of its fields
 * cancels it, on keyAction's rules.
 */
export function cancelOnEscape(cancel: () => void): (event: KeyLike & { preventDefault(): void }) => void {
  return (event) => {
    if (keyAction(event) !== 'cancel') return;
    event.preventDefault();
    cancel();
  };
}

/** A choice as the selects and check lists offer it. */
export interface Option {
  value: number;
  label: string;
}

/**
 * `options` with the record's own choice added when no option names it (a customer type no other
 * customer has, a price group the cache lists nowhere else), so the form shows what the record holds.
 */
export function withOwnOption(
  options: readonly Option[],
  own: { id: number; name?: string | null } | undefined,
): readonly Option[] {
  if (!own || options.some((option) => option.value === own.id)) return options;
  return [...options, { value: own.id, label: own.name || String(own.id) }];
}
