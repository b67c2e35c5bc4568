import { isIP } from 'node:net';
import type { Prepare } from '../crud/behaviours.ts';
import { badRequest } from '../lib/api-error.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { storageText } from '../lib/texts/storage-text.ts';
import type { SecretBox } from '../notify/secret-box.ts';
import type { S3Settings } from './s3-store.ts';

/** Categories of the `oss` dictionary. */
export const OssCategory = { minio: 1, qiniu: 2, aliyun: 3, tencent: 4, localDisk: 5 } as const;

/** A sealed secret fits the column (255) while the plain one is at most this long. */
const SECRET_MAX = 160;
/** What a remote store needs besides its endpoint, with the labels of the oss form. */
const REMOTE_SETTINGS = [
  ['bucketName', { zh: '空间名', en: 'Bucket' }],
  ['accessKey', { zh: 'accessKey', en: 'Access key' }],
] as const;
const SECRET_LABEL = { zh: 'secretKey', en: 'Secret key' };
const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

export const isRemote = (category: unknown) => Number(category) !== OssCategory.localDisk;

/** `host[:port]` or `http(s)://host[:port]` → the endpoint URL (https when no scheme is given); null when malformed. */
export function endpointUrl(raw: unknown): URL | null {
  const text = String(raw ?? '').trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
    return url;
  } catch {
    return null;
  }
}

/**
 * A remote configuration's settings of the S3 protocol. MinIO and endpoints given as an address
 * or `localhost` take the bucket in the path; the clouds' endpoints take it as a host name.
 * Tencent COS names a bucket `<name>-<appId>`: the app id is added when the name lacks it.
 */
export function s3SettingsOf(row: Record<string, unknown>, box: SecretBox): S3Settings {
  const url = endpointUrl(row.endpoint);
  if (!url) throw new Error('malformed oss endpoint');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let bucket = String(row.bucketName ?? '').trim();
  const appId = String(row.appId ?? '').trim();
  if (Number(row.category) === OssCategory.tencent && appId && !bucket.endsWith(`-${appId}`)) bucket = `${bucket}-${appId}`;
  return {
    endpoint: url.origin,
    bucket,
    region: String(row.region ?? '').trim() || 'us-east-1',
    accessKey: String(row.accessKey ?? '').trim(),
    secretKey: openSecret(box, row.secretKey),
    pathStyle: Number(row.category) === OssCategory.minio || isIP(host) !== 0 || host === 'localhost',
  };
}

/** The plain secret of a row; a value written before secrets were sealed is taken as it is. */
function openSecret(box: SecretBox, stored: unknown): string {
  const value = String(stored ?? '');
  return value.startsWith('v1:') ? box.open(value) : value;
}

/**
 * A submitted oss configuration, checked on the stored row merged with the submit: a remote store
 * needs an endpoint URL, a bucket and its keys. A secret given is sealed before it is stored; one
 * left out (or empty) keeps the stored one.
 */
export const ossSettings = (box: SecretBox): Prepare => async (values, { repo, principal, mode, id }) => {
  const stored = mode === 'update' ? await repo.findRow(principal, id) : undefined;
  const row = { ...stored, ...values };
  const out = { ...values };
  if (isRemote(row.category)) {
    if (!endpointUrl(row.endpoint)) throw badRequest(`${storageText('endpointUrl')} [endpoint]`);
    for (const [field, label] of REMOTE_SETTINGS) if (blank(row[field])) throw badRequest(`${storageText('settingRequired', { label: label[requestLanguage()] })} [${field}]`);
    if (blank(values.secretKey) && blank(stored?.secretKey)) throw badRequest(`${storageText('settingRequired', { label: SECRET_LABEL[requestLanguage()] })} [secretKey]`);
  }
  if (blank(values.secretKey)) {
    delete out.secretKey;
  } else {
    const plain = String(values.secretKey).trim();
    if (plain.length > SECRET_MAX) throw badRequest(`${storageText('secretTooLong', { limit: SECRET_MAX })} [secretKey]`);
    out.secretKey = box.seal(plain);
  }
  return out;
};
