import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

/**
 * The S3 emulator (s3rver) the API's own tests use, when this clone has the S3 storage adapter:
 * every API process then stores uploads in one bucket, as production would. Without it the
 * processes share the local uploads folder instead.
 */
export async function startObjectStore() {
  const hasAdapter = existsSync(path.join(REPO_ROOT, 'apps/api/src/adapters/storage/s3.ts'));
  const hasEmulator = existsSync(path.join(REPO_ROOT, 'node_modules/s3rver'));
  if (!hasAdapter || !hasEmulator) return undefined;
  const { startS3Emulator } = await import('../../apps/api/src/test/s3-emulator');
  return startS3Emulator();
}
