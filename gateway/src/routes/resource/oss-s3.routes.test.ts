import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { createTestGateway, postJson, type TestGateway } from '../../../test/test-gateway.ts';
import { storedObject } from '../../db/schema/storage.ts';

/** A real S3-compatible server on this machine (s3rver keeps its buckets in a folder). */
const BUCKET = 'fleet-files';
const KEYS = { accessKey: 'S3RVER', secretKey: 'S3RVER' };
const base = '/api/wdiov-resource/oss';
let server: S3rver;
let serverDir: string;
let endpoint: string;
let bucket: S3Client;
let gw: TestGateway;
let admin: string;

beforeAll(async () => {
  serverDir = mkdtempSync(join(tmpdir(), 's3rver-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: serverDir, configureBuckets: [{ name: BUCKET }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  bucket = new S3Client({
    endpoint, region: 'us-east-1', forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED',
    credentials: { accessKeyId: KEYS.accessKey, secretAccessKey: KEYS.secretKey },
  });
  gw = await createTestGateway(); // OUTBOUND_ALLOW=127.0.0.1: the server is a host the operator allowed
  admin = await gw.signIn();
});
afterAll(async () => {
  bucket.destroy();
  gw.objects.close();
  await gw.dispose();
  await server.close();
  rmSync(serverDir, { recursive: true, force: true });
});

const upload = (name: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return gw.json(`${base}/endpoint/put-file`, { method: 'POST', body: form, token: admin });
};
const addOss = async (values: Record<string, unknown>) => {
  const res = await gw.json(`${base}/submit`, postJson(values, admin));
  expect(res.body).toMatchObject({ code: 200 });
  const page = await gw.json(`${base}/list?ossCode_equal=${String(values.ossCode)}`, { token: admin });
  return page.body.data.records[0].id as string;
};
const enable = async (id: string) => expect((await gw.json(`${base}/enable?id=${id}`, { method: 'POST', token: admin })).body.code).toBe(200);
const minio = (ossCode: string, extra: Record<string, unknown> = {}) =>
  ({ category: 1, ossCode, endpoint, bucketName: BUCKET, region: 'us-east-1', ...KEYS, ...extra });
const bucketKeys = async () => ((await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!);
const localFiles = () => {
  const root = join(gw.dataDir, 'oss');
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name) : [];
};
const storedSecret = async (id: string) => {
  const repo = gw.repos.get('oss');
  const [row] = await repo.db.select({ secretKey: repo.columns.secretKey! }).from(repo.table).where(eq(repo.columns.id!, id));
  return String(row?.secretKey);
};
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('oss configurations of S3-compatible stores', () => {
  it('seals the secret key and never answers it', async () => {
    const id = await addOss(minio('minio-sealed'));
    const sealed = await storedSecret(id);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain(KEYS.secretKey);
    const detail = await gw.json(`${base}/detail?id=${id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ accessKey: KEYS.accessKey, bucketName: BUCKET });
    expect(detail.body.data).not.toHaveProperty('secretKey');
    const list = await gw.json(`${base}/list?ossCode_equal=minio-sealed`, { token: admin });
    expect(JSON.stringify(list.body)).not.toContain(sealed);
    // An edit that leaves the secret out keeps it; one that gives a secret seals the new one.
    expect((await gw.json(`${base}/submit`, postJson({ id, remark: 'edited', secretKey: '' }, admin))).body.code).toBe(200);
    expect(await storedSecret(id)).toBe(sealed);
    expect((await gw.json(`${base}/submit`, postJson({ id, secretKey: 'another-secret' }, admin))).body.code).toBe(200);
    const resealed = await storedSecret(id);
    expect(resealed).toMatch(/^v1:/);
    expect(resealed).not.toBe(sealed);
    expect(resealed).not.toContain('another-secret');
  });

  it.each([
    ['no bucket', { bucketName: '' }, /^远程对象存储需要填写空间名 \[bucketName\]$/],
    ['no access key', { accessKey: undefined }, /^远程对象存储需要填写accessKey \[accessKey\]$/],
    ['no secret key', { secretKey: undefined }, /^远程对象存储需要填写secretKey \[secretKey\]$/],
    ['an endpoint with a path', { endpoint: 'http://127.0.0.1:9000/bucket' }, /\[endpoint\]/],
    ['an endpoint of another scheme', { endpoint: 'ftp://127.0.0.1' }, /\[endpoint\]/],
  ])('refuses a remote configuration with %s and stores nothing', async (_n, change, msg) => {
    const before = (await gw.json(`${base}/list`, { token: admin })).body.data.total;
    const res = await gw.json(`${base}/submit`, postJson(minio('minio-bad', change), admin));
    expect(res.body).toMatchObject({ code: 400, success: false, msg: expect.stringMatching(msg) });
    expect((await gw.json(`${base}/list`, { token: admin })).body.data.total).toBe(before);
  });
});

describe('uploads through an enabled S3-compatible store', () => {
  const first = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
  const second = new TextEncoder().encode('second file, on the local disk');

  it('stores in the bucket, serves the file back, and keeps serving it after a switch to the local disk', async () => {
    await enable(await addOss(minio('minio-live')));
    const up = await upload('plan.pdf', first);
    expect(up.body).toMatchObject({ code: 200, data: { domain: '' } });
    const { link, name } = up.body.data;
    expect(new Uint8Array(await bytesOf(await gw.request(link)))).toEqual(first);

    // The object is in the bucket under its tenant's day folder, byte-equal; not on the local disk.
    const [row] = await gw.database.db.select().from(storedObject).where(eq(storedObject.name, name));
    expect(row).toMatchObject({ tenantId: '000000', size: first.length });
    expect(await bucketKeys()).toContain(row!.objectKey);
    const inBucket = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: row!.objectKey }));
    expect(await inBucket.Body!.transformToByteArray()).toEqual(first);
    expect(localFiles()).not.toContain(name);

    // Back to the local disk: new files go there, the earlier one is still read from the bucket.
    await enable(await addOss({ category: 5, ossCode: 'disk', endpoint: 'http://files.example.com' }));
    const down = await upload('note.txt', second);
    expect(down.body.data.domain).toBe('http://files.example.com');
    expect(localFiles()).toContain(down.body.data.name);
    expect((await bucketKeys()).some((k) => k.endsWith(down.body.data.name))).toBe(false);
    expect(await bytesOf(await gw.request(down.body.data.link))).toEqual(second);
    const again = await gw.request(link);
    expect(again.status).toBe(200);
    expect(again.headers.get('content-type')).toBe('application/pdf');
    expect(await bytesOf(again)).toEqual(first);

    // Removing it removes it from the bucket it is in.
    const rm = await gw.json(`${base}/endpoint/remove-file?fileName=${encodeURIComponent(link)}`, { method: 'POST', token: admin });
    expect(rm.body).toMatchObject({ code: 200 });
    expect(await bucketKeys()).not.toContain(row!.objectKey);
    expect((await gw.request(link)).status).toBe(404);
  });

  it.each([
    ['a host the outbound policy does not allow', 'http://10.255.255.1:9000'],
    ['a server that is not there', 'http://127.0.0.1:1'],
  ])('answers 503 and keeps nothing when the store is %s', async (_n, unreachable) => {
    await enable(await addOss(minio(`minio-${unreachable.length}`, { endpoint: unreachable })));
    const attachBefore = (await gw.json('/api/wdiov-resource/attach/list', { token: admin })).body.data.total;
    const recordsBefore = (await gw.database.db.select().from(storedObject)).length;
    const res = await upload('lost.png', first);
    expect(res.body).toMatchObject({ code: 503, success: false, msg: expect.stringContaining('对象存储暂时不可用') });
    expect((await gw.json('/api/wdiov-resource/attach/list', { token: admin })).body.data.total).toBe(attachBefore);
    expect((await gw.database.db.select().from(storedObject)).length).toBe(recordsBefore);
  });
});
