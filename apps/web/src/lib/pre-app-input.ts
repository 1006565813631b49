/**
 * What a visitor did on a pre-rendered page before the app's script arrived (decision 074):
 * fields typed in, and a submit the page's inline script held (@karta/shared/inline-scripts).
 * Read just before React hydrates (main.tsx) and handed to the app once it runs (RootLayout):
 * the form libraries register their fields on mount and set them to their defaults, so what was
 * typed is put back through the same events typing makes, then a held submit is sent.
 * Kept in memory only, like the page's own fields: nothing is written anywhere.
 */
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface TypedValue {
  field: Field;
  value: string;
  checked: boolean;
}

/** By field, the latest: what was there before React, then anything typed while it hydrates. */
const typed = new Map<Field, TypedValue>();
let stopListening: (() => void) | undefined;

const isChoice = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function changedByVisitor(field: Field): boolean {
  if (isChoice(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  return field.value !== field.defaultValue;
}

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const note = (field: Field) => {
  typed.set(field, { field, value: field.value, checked: 'checked' in field && field.checked });
};

/**
 * Before hydrating: what the visitor changed in the pre-rendered page's fields, and from then on
 * what they type while React hydrates (in slices, between which the page takes input). The forms'
 * own resets to their defaults make no input event, so they are not taken for typing.
 */
export function keepPreAppInput(root: HTMLElement) {
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (field.type !== 'hidden' && field.type !== 'file' && changedByVisitor(field)) note(field);
  }
  const onInput = (event: Event) => {
    if (isField(event.target) && event.isTrusted) note(event.target);
  };
  root.addEventListener('input', onInput, true);
  root.addEventListener('change', onInput, true);
  stopListening = () => {
    root.removeEventListener('input', onInput, true);
    root.removeEventListener('change', onInput, true);
  };
}

/**
 * Sets a field's value past React's own record of it (its value tracker wraps the element's
 * setter), so the input event that follows reads as typing and reaches the form's onChange.
 */
function putBack({ field, value, checked }: TypedValue) {
  if (!field.isConnected) return;
  if (isChoice(field)) {
    if (field.checked !== checked) field.click();
    return;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

/** Once the app runs: the typed values back in their forms, then any held submit sent. */
export function resumePreAppInput() {
  stopListening?.();
  stopListening = undefined;
  for (const entry of typed.values()) putBack(entry);
  typed.clear();
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-queued]')) {
    delete form.dataset.queued;
    const button = form.querySelector<HTMLButtonElement>('button[data-queued]');
    if (button) {
      delete button.dataset.queued;
      button.removeAttribute('aria-label');
      button.removeAttribute('aria-busy');
    }
    form.requestSubmit(button ?? undefined);
  }
}
