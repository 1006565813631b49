import { Socket } from 'node:net';
import { ManagedProcess } from './managed-process';

/** Whether something on this port answers Redis's PING. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(1_000, () => {
      done(false);
    });
    socket.once('error', () => {
      done(false);
    });
    socket.once('data', (data) => {
      done(data.toString().startsWith('+PONG'));
    });
    socket.connect(port, '127.0.0.1', () => {
      socket.write('PING\r\n');
    });
  });
}

/**
 * Redis for the request limit the API processes share: loopback, nothing written to disk (the
 * counters live a minute; a restart forgets them, which only forgives a few requests).
 */
export function redisProcess(options: { port: number; dir: string; logFile: string }) {
  return new ManagedProcess({
    name: 'redis',
    command: '/usr/bin/redis-server',
    args: [
      '--port',
      String(options.port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      options.dir,
    ],
    logFile: options.logFile,
    isReady: () => answersPing(options.port),
  });
}
