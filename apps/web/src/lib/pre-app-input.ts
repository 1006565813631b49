/**
 * What a visitor did on a pre-rendered page before the app's script arrived (decision 074):
 * fields typed in, and a submit the page's inline script held (scripts/queue-early-submit.mjs).
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

let typed: TypedValue[] = [];

const isChoice = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function changedByVisitor(field: Field): boolean {
  if (isChoice(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  }
  return field.value !== field.defaultValue;
}

/** Before hydrating: what the visitor changed in the pre-rendered page's fields. */
export function keepPreAppInput(root: HTMLElement) {
  typed = [...root.querySelectorAll<Field>('input, textarea, select')]
    .filter((field) => field.type !== 'hidden' && field.type !== 'file' && changedByVisitor(field))
    .map((field) => ({ field, value: field.value, checked: 'checked' in field && field.checked }));
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
  for (const entry of typed) putBack(entry);
  typed = [];
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
