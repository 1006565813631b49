import { MESSAGES } from '@karta/shared/messages';
import { AppError } from './app-error';

/**
 * PostgreSQL refuses U+0000 in text and jsonb, and a lone UTF-16 surrogate has no UTF-8 form
 * (node-postgres would silently store U+FFFD instead). Either one in a request is a client bug
 * or a probe, never a person's words.
 */
// eslint-disable-next-line no-control-regex -- the NUL byte is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_EVERYWHERE = new RegExp(UNSTORABLE.source, 'g');

const isStorableText = (text: string) => !UNSTORABLE.test(text);

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
}

const pathOf = (node: Node) => {
  const keys: string[] = [];
  for (let at: Node | null = node; at?.key != null; at = at.parent) keys.unshift(at.key);
  return keys.join('.') || null;
};

/**
 * Where the first string (or object key) PostgreSQL cannot store sits in `input`: its dotted
 * path as validation errors name fields (`rates.1.id`; null for the input itself), or
 * undefined when there is none. Iterative, with parent links instead of copied paths, so a
 * deeply nested body costs neither the call stack nor quadratic time.
 */
function findUnstorableText(input: unknown): { field: string | null } | undefined {
  const pending: Node[] = [{ value: input, key: null, parent: null }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const { value } = node;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return { field: pathOf(node) };
    } else if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      // Pushed last to first, so the first bad field in the request is the one named.
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, item] = entries[index] ?? [];
        if (key === undefined) continue;
        // A bad key is reported like a bad value, under its key made printable.
        pending.push(
          isStorableText(key)
            ? { value: item, key, parent: node }
            : { value: '\u0000', key: key.replace(UNSTORABLE_EVERYWHERE, '\ufffd'), parent: node },
        );
      }
    }
  }
  return undefined;
}

/** The 400 for text PostgreSQL cannot store, naming the field: for JSON and multipart alike. */
export function assertStorableText(input: unknown): void {
  const found = findUnstorableText(input);
  if (!found) return;
  const message = MESSAGES.TEXT_NOT_ALLOWED;
  throw new AppError('VALIDATION', message, { errors: [{ field: found.field, message }] });
}
