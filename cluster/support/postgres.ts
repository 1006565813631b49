import { startEmbeddedPostgres, type EmbeddedDatabase } from '@karta/api/harness';

/** The cluster's one PostgreSQL: the API's own embedded one, which the tests may restart. */
export interface ClusterDatabase {
  url: string;
  /** Stops PostgreSQL (fast shutdown: open connections are ended) and starts it again. */
  restart(options?: { downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export async function startClusterDatabase(options: {
  dataDir: string;
  port: number;
  log: (line: string) => void;
}): Promise<ClusterDatabase> {
  const start = () =>
    startEmbeddedPostgres({
      dataDir: options.dataDir,
      port: options.port,
      database: 'karta',
      onNotice: options.log,
      // A restart the tests ask for is no news; anything else is.
      onWarning: options.log,
      onLog: () => undefined,
    });
  let running: EmbeddedDatabase | undefined = await start();
  const url = running.url;
  return {
    url,
    async restart({ downMs = 0 } = {}) {
      await running?.stop();
      running = undefined;
      await new Promise((resolve) => setTimeout(resolve, downMs));
      running = await start();
    },
    async stop() {
      await running?.stop();
      running = undefined;
    },
  };
}
