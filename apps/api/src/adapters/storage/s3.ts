import { assertStorageKey, StorageUnavailableError, type Storage } from './storage';

export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself; set for any other S3-compatible store (MinIO, R2, an emulator). */
  endpoint: string | undefined;
  region: string;
  /** Both or neither; neither: the SDK's own chain (an instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: most self-hosted stores need it. */
  forcePathStyle: boolean;
}

/**
 * A request waits on the store at most about ATTEMPTS × (CONNECT + REQUEST) ≈ 12 s, then answers
 * 503: an upload or a photo never hangs on a store that has gone away. Objects are at most a few
 * MB on a datacentre link, so 5 s without an answer is a store in trouble, not a slow one.
 */
const CONNECT_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 5_000;
const ATTEMPTS = 2;

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** GetObject's answer for a key with nothing under it (HeadObject's is a bare 404 `NotFound`). */
const isMissingObject = (sdk: S3Sdk, error: unknown) =>
  error instanceof sdk.NoSuchKey || (error as { name?: unknown }).name === 'NotFound';

/**
 * Objects in one bucket of an S3-compatible store, under the same keys as the local folder.
 * Nothing is ever public: objects are written without an ACL (the bucket's default, private) and
 * are read back by the API, which serves them behind its own signed links.
 * The SDK (about 20 MB resident) is loaded here, so only when S3 is configured (decision 045).
 */
export async function createS3Storage(settings: S3Settings): Promise<Storage> {
  const sdk = await import('@aws-sdk/client-s3');
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = sdk;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    maxAttempts: ATTEMPTS,
    requestHandler: {
      connectionTimeout: CONNECT_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      throwOnRequestTimeout: true,
      // A body that stops arriving half-way counts as a store in trouble too.
      socketTimeout: REQUEST_TIMEOUT_MS,
    },
    // Checksums only where S3 requires them: the SDK's newer default (a CRC on every request and
    // answer) is refused or mis-read by many S3-compatible stores, and TLS already guards the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket } = settings;

  /** Runs one call to the store; any failure of the store itself becomes StorageUnavailable. */
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new StorageUnavailableError({ cause: error });
    }
  };

  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await call(() =>
        client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.length,
          }),
        ),
      );
    },

    async get(key) {
      assertStorageKey(key);
      return call(async () => {
        try {
          const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
          // Read whole (see docs/decisions/032-object-storage.md): an object is a re-encoded image of a few MB at most.
          const bytes = await answer.Body?.transformToByteArray();
          if (!bytes) return null;
          return {
            bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
            contentType: answer.ContentType ?? 'application/octet-stream',
          };
        } catch (error) {
          if (isMissingObject(sdk, error)) return null;
          throw error;
        }
      });
    },

    async delete(key) {
      assertStorageKey(key);
      // S3 answers a delete of a missing key with success, as the port asks.
      await call(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));
    },
  };
}
