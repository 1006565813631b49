import { startEmbeddedPostgres } from '@karta/api/harness';

/**
 * One embedded PostgreSQL, the API's own (`database: 'single'`): for the scale-factor bench,
 * whose figures are the API processes', not the replicated tier's.
 */
export async function startClusterDatabase(options: {
  dataDir: string;
  port: number;
  log: (line: string) => void;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const running = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    port: options.port,
    database: 'karta',
    onNotice: options.log,
    onWarning: options.log,
    onLog: () => undefined,
  });
  return { url: running.url, stop: () => running.stop() };
}
