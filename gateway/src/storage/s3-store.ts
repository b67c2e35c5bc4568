import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Outbound } from '../outbound/outbound-policy.ts';
import { objectName, type ObjectKey } from '../routes/resource/oss-store.ts';
import type { ObjectStore } from './object-store.ts';

export interface S3Settings {
  /** `https://host[:port]` of the service (no bucket in it). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKey: string;
  secretKey: string;
  /** `endpoint/bucket/key` (MinIO, address endpoints) rather than `bucket.endpoint/key`. */
  pathStyle: boolean;
}

const TIMEOUT_MS = 20_000;

/**
 * Every connection dials the address the outbound policy checked for the endpoint (the bucket's
 * virtual host included), as the gateway's other links to tenant-configured hosts do.
 */
function policyLookup(outbound: Outbound, port: number): LookupFunction {
  return (host, opts, cb) => {
    outbound.resolve(host, port).then(
      (t) => {
        if (opts.all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: t.address, family: t.family }]);
        else cb(null, t.address, t.family);
      },
      (err: Error) => cb(err as NodeJS.ErrnoException, '', 4),
    );
  };
}

/** An S3-compatible bucket (MinIO, Alibaba OSS, Tencent COS, Qiniu's S3 endpoints). */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: S3Settings, outbound: Outbound) {
    const url = new URL(settings.endpoint);
    const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    const lookup = policyLookup(outbound, port);
    this.bucket = settings.bucket;
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.pathStyle,
      credentials: { accessKeyId: settings.accessKey, secretAccessKey: settings.secretKey },
      // The S3-compatible services do not all take the newer default checksums (aws-chunked bodies).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      // The handler's options (the SDK builds its Node handler from them).
      requestHandler: {
        httpAgent: new HttpAgent({ keepAlive: true, lookup }),
        httpsAgent: new HttpsAgent({ keepAlive: true, lookup }),
        connectionTimeout: TIMEOUT_MS,
        requestTimeout: TIMEOUT_MS,
      },
    });
  }

  async write(key: ObjectKey, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: objectName(key), Body: bytes, ContentType: contentType }));
  }

  async get(key: ObjectKey): Promise<Uint8Array | null> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectName(key) }));
      return res.Body ? await res.Body.transformToByteArray() : new Uint8Array();
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: ObjectKey): Promise<boolean> {
    // S3 deletes answer the same whether or not the object was there: ask first.
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectName(key) }));
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectName(key) }));
    return true;
  }

  close(): void {
    this.client.destroy();
  }
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);
