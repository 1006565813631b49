import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/adapters/storage/s3';

/** s3rver's fixed key pair: it checks every request's signature against it. */
const EMULATOR_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const BUCKET = 'karta-test';

export interface S3Emulator {
  /** Settings for createS3Storage that reach this emulator's bucket. */
  settings: S3Settings;
  /** The same, as the S3_* variables config.ts reads. */
  env: Record<string, string>;
  /** Stops answering (the port refuses connections); what is stored stays on disk. */
  stop(): Promise<void>;
  /** Answers again on the same port, with what was stored before the stop. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A real S3 API server (s3rver) on a loopback port, its one bucket in a fresh temp directory. */
export async function startS3Emulator(): Promise<S3Emulator> {
  const directory = mkdtempSync(path.join(tmpdir(), 'karta-s3-'));
  const listen = async (port: number) => {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      directory,
      silent: true,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const address = await server.run();
    return { server, port: address.port };
  };
  let running: Awaited<ReturnType<typeof listen>> | undefined = await listen(0);
  const { port } = running;
  const endpoint = `http://127.0.0.1:${String(port)}`;
  const stop = async () => {
    await running?.server.close();
    running = undefined;
  };
  return {
    settings: {
      bucket: BUCKET,
      endpoint,
      region: 'us-east-1',
      credentials: EMULATOR_CREDENTIALS,
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: EMULATOR_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: EMULATOR_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    async restart() {
      running ??= await listen(port);
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
