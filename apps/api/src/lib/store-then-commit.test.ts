import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLocalStorage } from '../adapters/storage/local';
import type { Storage } from '../adapters/storage/storage';
import { storeThenCommit } from './store-then-commit';

/** A real folder store, and the warnings the helper writes, as JSON lines. */
function setUp() {
  const storage = createLocalStorage(path.join(mkdtempSync(path.join(tmpdir(), 'karta-')), 'up'));
  const lines: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void lines.push(line) });
  return { storage, log, lines };
}

const photo = (key: string) => ({ key, bytes: Buffer.from(key), contentType: 'image/webp' });
const keys = ['trades/t1/0-a.webp', 'trades/t1/1-b.webp'];

describe('storeThenCommit', () => {
  it('writes every file before the commit runs, and keeps them when it succeeds', async () => {
    const { storage, log } = setUp();
    const seenAtCommit = await storeThenCommit({ storage, log }, keys.map(photo), () =>
      Promise.all(keys.map((key) => storage.get(key))),
    );
    expect(seenAtCommit.map((object) => object?.bytes.toString())).toEqual(keys);
    expect(await storage.get(keys[1] ?? '')).not.toBeNull();
  });

  it('removes the files it wrote when the commit fails, and passes the error on', async () => {
    const { storage, log } = setUp();
    const failure = new Error('the transaction was refused');
    await expect(
      storeThenCommit({ storage, log }, keys.map(photo), () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
  });

  it('removes the files already written when a later write fails, and never commits', async () => {
    const { storage: folder, log } = setUp();
    const failure = new Error('the store went away');
    // The folder store, refusing the second write as a store going down would.
    const storage: Storage = {
      ...folder,
      put: (key, bytes, type) =>
        key === keys[1] ? Promise.reject(failure) : folder.put(key, bytes, type),
    };
    let committed = false;
    const commit = () => {
      committed = true;
      return Promise.resolve();
    };
    await expect(storeThenCommit({ storage, log }, keys.map(photo), commit)).rejects.toBe(failure);
    expect(committed).toBe(false);
    expect(await folder.get(keys[0] ?? '')).toBeNull();
  });

  it('names the files it could not remove, and still passes on the first error', async () => {
    const { storage: folder, log, lines } = setUp();
    const storage: Storage = {
      ...folder,
      delete: () => Promise.reject(new Error('still away')),
    };
    const failure = new Error('the transaction was refused');
    await expect(
      storeThenCommit({ storage, log }, keys.map(photo), () => Promise.reject(failure)),
    ).rejects.toBe(failure);
    const [line] = lines.map((text) => JSON.parse(text) as { keys?: string[]; msg: string });
    expect(line).toMatchObject({ keys, msg: 'files left in storage that nothing names' });
  });
});
