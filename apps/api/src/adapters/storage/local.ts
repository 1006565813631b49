import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, type Storage } from './storage';

const isMissing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

/**
 * Files under one directory (`<DATA_DIR>/uploads` by default, outside the web root): the bytes
 * in `objects/<key>`, the content type beside them in `types/<key>`. Writes go to a temporary
 * file first and are renamed into place, so a reader never sees half an object.
 */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  /** The file for key under one of the two trees; refuses anything that would leave it. */
  const fileFor = (tree: 'objects' | 'types', key: string) => {
    assertStorageKey(key);
    const treeRoot = path.join(base, tree);
    const file = path.resolve(treeRoot, key);
    if (!file.startsWith(treeRoot + path.sep)) throw new Error('Storage key leaves its directory');
    return file;
  };

  const writeAtomically = async (file: string, data: Buffer | string) => {
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, data, { mode: 0o600 });
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };

  return {
    async put(key, bytes, contentType) {
      const objectFile = fileFor('objects', key);
      const typeFile = fileFor('types', key);
      // Type first: an object is visible only once its type is known.
      await writeAtomically(typeFile, contentType);
      await writeAtomically(objectFile, bytes);
    },

    async get(key) {
      const objectFile = fileFor('objects', key);
      const typeFile = fileFor('types', key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(objectFile),
          readFile(typeFile, 'utf8'),
        ]);
        return { bytes, contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const objectFile = fileFor('objects', key);
      const typeFile = fileFor('types', key);
      // Object first, the reverse of put: what is left after a crash is a type without bytes,
      // which reads as missing.
      await rm(objectFile, { force: true });
      await rm(typeFile, { force: true });
    },
  };
}
