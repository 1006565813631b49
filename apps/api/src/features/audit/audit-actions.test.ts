import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_NAMES } from '@karta/shared/audit-actions';

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every non-test TypeScript file of the API. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/**
 * The dotted names on lines that set an audit `action` (`action: 'trade.claim'`, a ternary of
 * two, a union type of the names a helper takes): what the code can write to the audit log.
 */
function writtenActions(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(SOURCE)) {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!/\baction\??\s*:/.test(line)) continue;
      for (const [, name] of line.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)) {
        if (name) found.set(name, path.relative(SOURCE, file));
      }
    }
  }
  return found;
}

describe('the audit actions list (packages/shared/src/audit-actions.ts)', () => {
  const written = writtenActions();

  it('finds the actions the code writes', () => {
    // A guard on the search itself: if it found nothing, the checks below would pass vacuously.
    expect(written.get('catalog.subcategory.rate')).toBe('features/catalog/rate-sheet.service.ts');
    expect(written.has('trade.claim_renew')).toBe(true);
  });

  it('names every action the code writes, so the console can filter and label it', () => {
    const missing = [...written].filter(([name]) => !AUDIT_ACTION_NAMES.includes(name as never));
    expect(missing.map(([name, file]) => `${name} (${file})`)).toEqual([]);
  });

  it('names no action that nothing writes', () => {
    expect(AUDIT_ACTION_NAMES.filter((name) => !written.has(name))).toEqual([]);
  });
});
