import { randomBytes } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

/**
 * The built-in object store: files on the local disk under `<dataDir>/oss/<tenant>/<yyyyMMdd>/<random>.<ext>`.
 * Object names are generated here and only here; a client's file name never becomes a path.
 */

/** Extension → content type of what may be uploaded (no html/svg/js: they would run in our origin). */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  zip: 'application/zip',
};
export const ALLOWED_EXTENSIONS = Object.keys(CONTENT_TYPES);

/** Each segment of an object name, checked on its own: no dots, slashes or encodings can slip through. */
export const SEGMENT = {
  tenant: /^\d{6}$/,
  date: /^\d{8}$/,
  name: new RegExp(`^[0-9a-f]{32}\\.(${ALLOWED_EXTENSIONS.join('|')})$`),
} as const;

export const FILE_ROUTE = '/api/wdiov-resource/oss/file/';

export interface ObjectKey {
  tenant: string;
  date: string;
  name: string;
}

/** Which segment is malformed, or null when all three pass. */
export function badSegment(key: ObjectKey): keyof ObjectKey | null {
  for (const k of ['tenant', 'date', 'name'] as const) if (!SEGMENT[k].test(key[k])) return k;
  return null;
}

/** `000000/20240101/<hex>.png` (or the full link) → its segments; null when it is not one of ours. */
export function parseObjectName(raw: string): ObjectKey | null {
  const path = raw.startsWith(FILE_ROUTE) ? raw.slice(FILE_ROUTE.length) : raw;
  const parts = path.split('/');
  if (parts.length !== 3) return null;
  const key = { tenant: parts[0]!, date: parts[1]!, name: parts[2]! };
  return badSegment(key) ? null : key;
}

/** The extension a client's file name declares, lower-cased ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The client's file name for display only: no directories, no control characters, bounded. */
export function cleanOriginalName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(-200);
}

/** `yyyyMMdd` in the console's zone, so a day's folder matches the times shown. */
export function dayFolder(now: Date, utcOffsetMin: number): string {
  return new Date(now.getTime() + utcOffsetMin * 60_000).toISOString().slice(0, 10).replaceAll('-', '');
}

export class LocalStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'oss');
  }

  /** Absolute path of a validated key; refuses anything that would resolve outside the store. */
  private pathOf(key: ObjectKey): string {
    if (badSegment(key)) throw new Error('invalid object key');
    const path = resolve(this.root, key.tenant, key.date, key.name);
    if (!path.startsWith(this.root + sep)) throw new Error('object key escapes the store');
    return path;
  }

  async put(tenant: string, date: string, ext: string, bytes: Uint8Array): Promise<ObjectKey> {
    const key = { tenant, date, name: `${randomBytes(16).toString('hex')}.${ext}` };
    const path = this.pathOf(key);
    await mkdir(join(this.root, tenant, date), { recursive: true });
    // 'wx': never overwrite, even on the (astronomically unlikely) name collision.
    await writeFile(path, bytes, { flag: 'wx' });
    return key;
  }

  /** The bytes of an object, or null when there is none. */
  async get(key: ObjectKey): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  /** Deletes an object; false when there was none. */
  async remove(key: ObjectKey): Promise<boolean> {
    try {
      await unlink(this.pathOf(key));
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }
}

export const objectName = (key: ObjectKey) => `${key.tenant}/${key.date}/${key.name}`;
export const linkOf = (key: ObjectKey) => `${FILE_ROUTE}${objectName(key)}`;
