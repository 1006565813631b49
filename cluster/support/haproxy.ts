import { writeFileSync } from 'node:fs';
import { Socket } from 'node:net';
import path from 'node:path';
import { ManagedProcess } from './managed-process';
import type { DatabaseNode } from './patroni';

const HAPROXY = '/usr/sbin/haproxy';

/** Whether something accepts a TCP connection on this loopback port. */
function accepts(port: number): Promise<boolean> {
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
    socket.connect(port, '127.0.0.1', () => {
      done(true);
    });
  });
}

/**
 * HAProxy (Debian's `haproxy`) in front of the database nodes: the write port reaches whichever
 * node Patroni's REST API calls primary (`/primary` answers 200 there only), the read port the
 * running replicas (`/replica`). Checked every second; a node marked down has its connections
 * cut, so a client learns at once instead of at its next statement's timeout.
 */
export function haproxyProcess(options: {
  folder: string;
  writePort: number;
  readPort: number;
  nodes: DatabaseNode[];
  logFile: string;
}): ManagedProcess {
  const servers = (check: string) => [
    `  option httpchk OPTIONS ${check}`,
    '  http-check expect status 200',
    '  default-server inter 1s fastinter 500ms fall 2 rise 1 on-marked-down shutdown-sessions',
    ...options.nodes.map(
      (node) =>
        `  server ${node.name} 127.0.0.1:${node.pgPort} maxconn 200 check port ${node.restPort}`,
    ),
  ];
  const config = [
    'global',
    '  maxconn 1000',
    'defaults',
    '  mode tcp',
    '  timeout connect 2s',
    // Pooled connections sit idle between requests: the pool, not HAProxy, decides their age.
    '  timeout client 30m',
    '  timeout server 30m',
    '  timeout check 1s',
    'listen primary',
    `  bind 127.0.0.1:${options.writePort}`,
    ...servers('/primary'),
    'listen replicas',
    `  bind 127.0.0.1:${options.readPort}`,
    ...servers('/replica'),
    '',
  ].join('\n');
  const configFile = path.join(options.folder, 'haproxy.cfg');
  writeFileSync(configFile, config);
  return new ManagedProcess({
    name: 'haproxy',
    command: HAPROXY,
    // -db: in the foreground, under our watch.
    args: ['-db', '-f', configFile],
    logFile: options.logFile,
    isReady: () => accepts(options.writePort),
  });
}
