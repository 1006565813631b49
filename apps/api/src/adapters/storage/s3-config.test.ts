import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';

const configWith = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'karta-config-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    ...env,
  });

describe('S3_* configuration', () => {
  it('keeps uploads in the local folder when S3_BUCKET is unset', () => {
    expect(configWith({}).s3).toBeUndefined();
  });

  it('reads a bucket with its defaults, and a full set of variables as given', () => {
    expect(configWith({ S3_BUCKET: 'karta-uploads' }).s3).toEqual({
      bucket: 'karta-uploads',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    const full = configWith({
      S3_BUCKET: 'karta-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(full.s3).toEqual({
      bucket: 'karta-uploads',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'key-secret' },
      forcePathStyle: true,
    });
  });

  it('refuses a half-configured store rather than quietly using the folder', () => {
    expect(() => configWith({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'S3_BUCKET is required with the other S3_* variables',
    );
    expect(() => configWith({ S3_BUCKET: 'karta-uploads', S3_ACCESS_KEY_ID: 'key-id' })).toThrow(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
    expect(() => configWith({ S3_BUCKET: 'karta-uploads', S3_ENDPOINT: 'not a url' })).toThrow(
      'S3_ENDPOINT',
    );
  });
});
