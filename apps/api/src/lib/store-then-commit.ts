import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../adapters/storage/storage';

/** What these helpers use of the app's context (any `AppContext` is one). */
interface FileContext {
  storage: Storage;
  log: FastifyBaseLogger;
}

/** A file to write under a key the server made. */
export interface NewObject {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/**
 * Writes the files, then runs `commit`: the transaction whose rows name them. Files first, so a
 * row never names a file that is not there, and a store that is down fails the request (503)
 * before the database is touched. When a write or the commit fails, every file this call tried
 * to write is removed again, best effort (the store may be what failed), so no file is left
 * that no row names; the first error is the one the caller sees.
 */
export async function storeThenCommit<T>(
  ctx: FileContext,
  objects: NewObject[],
  commit: () => Promise<T>,
): Promise<T> {
  const attempted: string[] = [];
  try {
    for (const object of objects) {
      // Counted before the write: a write that timed out here may still have landed there.
      attempted.push(object.key);
      await ctx.storage.put(object.key, object.bytes, object.contentType);
    }
    return await commit();
  } catch (error) {
    await removeObjects(ctx, attempted);
    throw error;
  }
}

/**
 * Deletes files nothing refers to any more, all at once, never failing the caller: what is left
 * behind costs only space, and the log line names the keys so they can be removed by hand.
 */
export async function removeObjects(ctx: FileContext, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  const left = keys.filter((_, index) => results[index]?.status === 'rejected');
  if (left.length > 0) ctx.log.warn({ keys: left }, 'files left in storage that nothing names');
}
