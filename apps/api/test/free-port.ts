import { createServer } from 'node:net';

/**
 * A loopback port nothing listens on right now, for servers (such as PostgreSQL) that must be
 * told their port up front rather than be given port 0.
 */
export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}
