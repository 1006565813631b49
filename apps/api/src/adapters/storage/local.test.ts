import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectStorageRoundTrip } from '../../../test/storage-round-trip';
import { createLocalStorage } from './local';

const freshRoot = () => path.join(mkdtempSync(path.join(tmpdir(), 'karta-storage-')), 'uploads');

describe('local storage', () => {
  it('keeps, replaces and deletes bytes with their content type; a missing key is null', async () => {
    await expectStorageRoundTrip(createLocalStorage(freshRoot()));
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
      await expect(storage.delete(key), key).rejects.toThrow();
    }
    expect(existsSync(root)).toBe(false);
  });
});
