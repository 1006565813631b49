import { createServer } from 'node:net';

/**
 * Something outside Karta's reach stops the start (a port taken, a data folder in use or
 * written by a newer PostgreSQL). server.ts prints it as one line, what happened and what to
 * do, and exits non-zero: a newcomer gets an instruction, not a stack trace.
 */
export class StartupError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'StartupError';
  }
}

/** The one line printed for a StartupError. */
const describeStartupError = (error: StartupError) =>
  `Karta could not start: ${error.message}. ${error.hint}`;

/** A StartupError is one line on stderr and exit code 1; anything else is thrown on. */
export function exitOnStartupError(error: unknown): never {
  if (!(error instanceof StartupError)) throw error;
  console.error(describeStartupError(error));
  process.exit(1);
}

/** `what` (HTTP, the embedded PostgreSQL) cannot have its port, set by the variable `env`. */
export const portInUse = (port: number, what: string, env: string) =>
  new StartupError(
    `port ${port} (${what}) is already in use by another program`,
    `Stop that program, or choose another port with ${env}=<port>.`,
  );

/** The embedded PostgreSQL's port taken. */
export const postgresPortInUse = (port: number) =>
  portInUse(port, 'the embedded PostgreSQL', 'EMBEDDED_PG_PORT');

/**
 * Fails with `taken` if something listens on host:port now. Checked before the slow part of the
 * start, so a taken port is said at once and nothing has to be stopped again.
 */
export async function ensurePortFree(port: number, host: string, taken: StartupError) {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      // Anything but a taken port is left to the real listen() to report.
      if (error.code === 'EADDRINUSE') reject(taken);
      else resolve();
    });
    probe.listen(port, host, () => {
      probe.close(() => {
        resolve();
      });
    });
  });
}

/** A listen() error on an address already taken, as a StartupError; anything else as it is. */
export function explainListenError(error: unknown, what: string, port: number, env: string) {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error;
  return portInUse(port, what, env);
}
