import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from './local';

const freshRoot = () => path.join(mkdtempSync(path.join(tmpdir(), 'karta-storage-')), 'uploads');

describe('local storage', () => {
  it('keeps bytes with their content type, and answers null for a missing key', async () => {
    const storage = createLocalStorage(freshRoot());
    const bytes = Buffer.from([1, 2, 3, 4]);
    await storage.put('cards/abc/1f2e.webp', bytes, 'image/webp');
    expect(await storage.get('cards/abc/1f2e.webp')).toEqual({ bytes, contentType: 'image/webp' });
    expect(await storage.get('cards/abc/other.webp')).toBeNull();
    await storage.put('cards/abc/1f2e.webp', Buffer.from([9]), 'image/webp');
    expect((await storage.get('cards/abc/1f2e.webp'))?.bytes).toEqual(Buffer.from([9]));
  });

  it('refuses every key that is not one the server makes, before touching the disk', async () => {
    const root = freshRoot();
    const storage = createLocalStorage(root);
    const keys = [
      '../escape.webp',
      'cards/../../escape.webp',
      '/etc/passwd',
      'cards//x.webp',
      'cards\\x.webp',
      './x.webp',
      'x.webp.tmp',
      'Cards/X.webp',
      '',
      'a'.repeat(201),
    ];
    for (const key of keys) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow();
      await expect(storage.get(key), key).rejects.toThrow();
    }
    expect(existsSync(root)).toBe(false);
  });
});
