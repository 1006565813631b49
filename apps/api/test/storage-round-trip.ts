import { expect } from 'vitest';
import type { Storage } from '../src/adapters/storage/storage';

/**
 * What every storage adapter must do with a key the server made: keep bytes with their content
 * type, replace them, delete them (twice without complaint: a cleanup may run twice), and answer
 * null for a key with nothing under it.
 */
export async function expectStorageRoundTrip(storage: Storage) {
  const key = 'cards/abc/1f2e.webp';
  const bytes = Buffer.from([1, 2, 3, 4]);
  await storage.put(key, bytes, 'image/webp');
  expect(await storage.get(key)).toEqual({ bytes, contentType: 'image/webp' });
  expect(await storage.get('cards/abc/other.webp')).toBeNull();

  await storage.put(key, Buffer.from([9]), 'image/webp');
  expect((await storage.get(key))?.bytes).toEqual(Buffer.from([9]));

  await storage.delete(key);
  expect(await storage.get(key)).toBeNull();
  await storage.delete(key);
}
