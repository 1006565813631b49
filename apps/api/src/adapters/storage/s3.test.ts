import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../../test/free-port';
import { startS3Emulator, type S3Emulator } from '../../../test/s3-emulator';
import { expectStorageRoundTrip } from '../../../test/storage-round-trip';
import { createS3Storage } from './s3';
import { StorageUnavailableError } from './storage';

let emulator: S3Emulator;
beforeAll(async () => {
  emulator = await startS3Emulator();
});
afterAll(() => emulator.close());

describe('S3 storage', () => {
  it('keeps, replaces and deletes bytes with their content type; a missing key is null', async () => {
    await expectStorageRoundTrip(await createS3Storage(emulator.settings));
  });

  it('refuses a key the server could not have made, before asking the store', async () => {
    const storage = await createS3Storage(emulator.settings);
    await expect(storage.put('../escape.webp', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'Invalid storage key',
    );
    await expect(storage.get('cards//x.webp')).rejects.toThrow('Invalid storage key');
    await expect(storage.delete('/etc/passwd')).rejects.toThrow('Invalid storage key');
  });

  it('says the store is unavailable, quickly, when nothing listens at its address', async () => {
    const closedPort = await findFreePort();
    const storage = await createS3Storage({
      ...emulator.settings,
      endpoint: `http://127.0.0.1:${String(closedPort)}`,
    });
    const started = Date.now();
    const calls = [
      () => storage.put('trades/x/0-a.webp', Buffer.from([1]), 'image/webp'),
      () => storage.get('trades/x/0-a.webp'),
      () => storage.delete('trades/x/0-a.webp'),
    ];
    for (const call of calls) {
      await expect(call()).rejects.toBeInstanceOf(StorageUnavailableError);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('says the store is unavailable when the bucket is not there, rather than "missing"', async () => {
    const storage = await createS3Storage({ ...emulator.settings, bucket: 'no-such-bucket' });
    await expect(storage.get('cards/abc/1f2e.webp')).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
  });
});
