import { mkdirSync } from 'node:fs';
import { ManagedProcess } from './managed-process';
import { SYSTEM_PATH } from './paths';

const ETCD = '/usr/bin/etcd';

/**
 * One etcd member (Debian's `etcd-server`): the consensus store Patroni keeps its leader key in.
 * One member is enough to prove failover of the database on one machine; production runs three
 * in different zones (docs/deploy.md), so that losing one host loses neither the store nor its
 * quorum.
 */
export function etcdProcess(options: {
  dataDir: string;
  clientPort: number;
  peerPort: number;
  logFile: string;
}): ManagedProcess {
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const client = `http://127.0.0.1:${options.clientPort}`;
  const peer = `http://127.0.0.1:${options.peerPort}`;
  return new ManagedProcess({
    name: 'etcd',
    command: ETCD,
    args: [
      '--name=etcd-1',
      `--data-dir=${options.dataDir}`,
      `--listen-client-urls=${client}`,
      `--advertise-client-urls=${client}`,
      `--listen-peer-urls=${peer}`,
      `--initial-advertise-peer-urls=${peer}`,
      `--initial-cluster=etcd-1=${peer}`,
      '--initial-cluster-state=new',
      '--log-level=warn',
    ],
    // Nothing inherited: an ETCD_* variable in a developer's shell would change the member.
    env: { PATH: SYSTEM_PATH },
    logFile: options.logFile,
    isReady: async () => (await fetch(`${client}/health`)).ok,
  });
}
