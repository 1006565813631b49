import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { postmasterPid } from './patroni';
import type { Cluster } from './start-cluster';

type Kind =
  'postgres' | 'patroni' | 'etcd' | 'haproxy' | 'api' | 'worker' | 'nginx' | 'redis' | 's3';

interface ProcessEntry {
  name: string;
  kind: Kind;
  pid: number | null;
  ports: Record<string, number>;
  /** Database nodes only. */
  patroni_pid?: number | null;
  data_dir?: string;
  pg_port?: number;
  rest_port?: number;
}

const portOfUrl = (url: string) => Number(new URL(url).port);

/** Every process of the cluster, as it runs now: what `cluster.json` holds. */
function clusterProcesses(cluster: Cluster): ProcessEntry[] {
  const entries: ProcessEntry[] = [
    {
      name: 'nginx',
      kind: 'nginx',
      pid: cluster.nginx.pid ?? null,
      ports: { http: portOfUrl(cluster.url) },
    },
    ...cluster.apis.map((api) => ({
      name: api.process.spec.name,
      kind: 'api' as const,
      pid: api.process.pid ?? null,
      ports: { http: portOfUrl(api.url), metrics: portOfUrl(api.metricsUrl) },
    })),
    ...cluster.workers.map((worker) => ({
      name: worker.spec.name,
      kind: 'worker' as const,
      pid: worker.pid ?? null,
      ports: {},
    })),
    {
      name: 'redis',
      kind: 'redis',
      pid: cluster.redis.pid ?? null,
      ports: { redis: cluster.redisPort },
    },
    // The S3 emulator runs inside the cluster's own process.
    { name: 's3', kind: 's3', pid: process.pid, ports: { http: cluster.s3Port } },
  ];
  const tier = cluster.tier;
  if (tier) {
    entries.push(
      {
        name: 'etcd',
        kind: 'etcd',
        pid: tier.etcd.pid ?? null,
        ports: { client: tier.etcdPorts.client, peer: tier.etcdPorts.peer },
      },
      {
        name: 'haproxy',
        kind: 'haproxy',
        pid: tier.haproxy.pid ?? null,
        ports: { write: tier.writePort, read: tier.readPort },
      },
    );
    for (const node of tier.nodes) {
      entries.push(
        {
          name: node.name,
          kind: 'postgres',
          pid: postmasterPid(node) ?? null,
          ports: { postgres: node.pgPort },
          patroni_pid: node.patroni.pid ?? null,
          data_dir: node.dataDir,
          pg_port: node.pgPort,
          rest_port: node.restPort,
        },
        {
          name: `${node.name}-patroni`,
          kind: 'patroni',
          pid: node.patroni.pid ?? null,
          ports: { rest: node.restPort },
        },
      );
    }
  }
  return entries;
}

/** Writes `cluster.json` in the cluster's folder (again after a process restarts); its path. */
export function writeClusterFile(cluster: Cluster): string {
  const file = path.join(cluster.folder, 'cluster.json');
  const processes = clusterProcesses(cluster);
  writeFileSync(
    file,
    `${JSON.stringify({ url: cluster.url, folder: cluster.folder, processes }, null, 2)}\n`,
  );
  return file;
}
