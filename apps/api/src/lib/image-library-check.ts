import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { StartupError } from './startup-error';

/**
 * Imports the module named by its first argument; what it throws is its message on stderr. The
 * child's exit code is its whole answer to the parent (execFile's error), hence the exit(1).
 */
const PROBE = `try { await import(process.argv[1]); } catch (error) {
  process.stderr.write(error instanceof Error ? error.message : String(error)); process.exit(1);
}`;

const cannotLoad = (specifier: string, reason: string) =>
  new StartupError(
    `the image library ${specifier} cannot be loaded (${reason.split('\n')[0]?.trim() ?? ''})`,
    `Install the dependencies again on this machine (npm ci): ${specifier}'s binary must be the one for ${process.platform}-${process.arch}.`,
  );

/**
 * Whether sharp (a native binary) loads, asked of a child process: the server loads sharp only
 * on the first upload (decision 045), yet a binary missing or built for another platform must
 * still stop the start, as the static import did, not fail every upload later. A child, so the
 * API's own memory stays without it; it runs while PostgreSQL starts. Never rejects: the
 * problem, or undefined.
 */
export async function imageLibraryProblem(specifier = 'sharp'): Promise<StartupError | undefined> {
  let url: string;
  try {
    url = pathToFileURL(createRequire(import.meta.url).resolve(specifier)).href;
  } catch (error) {
    return cannotLoad(specifier, error instanceof Error ? error.message : String(error));
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', PROBE, url],
      { encoding: 'utf8' },
      (error, _stdout, stderr) => {
        resolve(error ? cannotLoad(specifier, stderr || error.message) : undefined);
      },
    );
  });
}
