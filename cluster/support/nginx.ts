import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { ManagedProcess } from './managed-process';

const NGINX = '/usr/sbin/nginx';
/** The production load balancer's main file, used here unchanged (deploy/nginx.conf). */
const MAIN_CONFIG = path.join(REPO_ROOT, 'deploy/nginx.conf');

/**
 * nginx in front of the API processes, from deploy/nginx.conf and the three machine-specific
 * files it includes, written into `prefix`: loopback only, in the foreground under our watch,
 * its logs and temp files inside the prefix.
 */
export function nginxProcess(options: {
  prefix: string;
  port: number;
  apiPorts: number[];
  logFile: string;
}): ManagedProcess {
  const { prefix, port } = options;
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  copyFileSync(MAIN_CONFIG, path.join(prefix, 'nginx.conf'));
  const isRoot = process.getuid?.() === 0;
  writeFileSync(
    path.join(prefix, 'karta-main.conf'),
    [
      // As root nginx would switch its workers to `nobody`, who cannot write this prefix.
      ...(isRoot ? ['user root;'] : []),
      'daemon off;',
      `pid ${prefix}/nginx.pid;`,
      `error_log ${prefix}/error.log warn;`,
      '',
    ].join('\n'),
  );
  const servers = options.apiPorts.map(
    (apiPort) => `  server 127.0.0.1:${apiPort} max_fails=1 fail_timeout=10s;`,
  );
  writeFileSync(
    path.join(prefix, 'karta-upstreams.conf'),
    [
      'upstream karta_api {',
      ...servers,
      '  keepalive 32;',
      '}',
      `access_log ${prefix}/access.log karta;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `${kind}_temp_path ${prefix}/temp/${kind};`,
      ),
      '',
    ].join('\n'),
  );
  writeFileSync(path.join(prefix, 'karta-listen.conf'), `listen 127.0.0.1:${port};\n`);
  return new ManagedProcess({
    name: 'nginx',
    command: NGINX,
    args: [
      '-p',
      prefix,
      '-c',
      path.join(prefix, 'nginx.conf'),
      '-e',
      path.join(prefix, 'error.log'),
    ],
    logFile: options.logFile,
    isReady: async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
  });
}
