/** What browsers say when a lazy chunk could not be fetched (Chromium, Safari, Firefox). */
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i;

/** A lazy page that could not be fetched: the connection, not the app, is at fault. */
export const isChunkLoadFailure = (error: unknown): boolean =>
  error instanceof Error && CHUNK_FAILURE.test(error.message);

/** A phone on a bad network often gets the second try through. */
const RETRY_AFTER_MS = 1_000;

/**
 * Loads a lazy route's module, trying once more after a second when the fetch fails: a dropped
 * connection while a page's code loads should cost a moment, not the page.
 */
export async function loadChunk<Module>(load: () => Promise<Module>): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    if (!isChunkLoadFailure(error)) throw error;
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS));
    return load();
  }
}
