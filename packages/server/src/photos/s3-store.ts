/**
 * Photos in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, Backblaze B2...) through the
 * official AWS SDK v3 client (docs/decisions/053; README "Configuration", PHOTOS_S3_*). Tests run
 * it against a stand-in on loopback that checks each request's SigV4 signature
 * (test/s3/stand-in.ts).
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { PhotoStore } from './store.ts';

export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service's address; undefined: AWS's own. */
  endpoint: string | undefined;
  /** Path-style addresses (endpoint/bucket/key), which MinIO and most stand-ins need. */
  forcePathStyle: boolean;
  /** undefined: the SDK's default chain (an instance role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function s3Store(config: S3Config): PhotoStore {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: several S3-compatible services refuse the SDK's
    // default CRC32 trailers on a plain PutObject.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = config.bucket;
  return {
    async put(key, bytes) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: 'image/jpeg', ContentLength: bytes.length }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
