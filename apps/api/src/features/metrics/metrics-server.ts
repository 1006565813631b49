import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `GET /metrics` on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by default), so
 * the public port never shows what the app is doing; anything else there is a 404.
 */
export async function listenForMetrics(
  registry: Registry,
  address: { host: string; port: number },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) => {
        response.writeHead(200, { 'content-type': registry.contentType }).end(body);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
        server.closeAllConnections();
      }),
  };
}

/**
 * Development's listener (decision 058): a metrics port another program holds (often another
 * checkout's Karta on the default 9464) must not stop `npm start`, as it would in production.
 * Metrics go to a free port instead, and `warn` gets the one line that says where and how to
 * choose. Any other failure is thrown as it is.
 */
export async function listenForMetricsOrElsewhere(
  registry: Registry,
  address: { host: string; port: number },
  warn: (line: string) => void,
): Promise<MetricsServer> {
  try {
    return await listenForMetrics(registry, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || address.port === 0) throw error;
  }
  const server = await listenForMetrics(registry, { ...address, port: 0 });
  warn(
    `metrics: port ${address.port} is already in use by another program, so GET /metrics is on http://${address.host}:${server.port}/metrics instead (a free port, this start only); choose the port with METRICS_PORT=<port>`,
  );
  return server;
}
