import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

import { badSegment, type ObjectKey } from '@wdiov/contracts/wire/object-names';
import type { ObjectStore } from '../../storage/object-store.ts';

/**
 * The built-in object store: files on the local disk under `<dataDir>/oss/<tenant>/<yyyyMMdd>/<random>.<ext>`
 * (an S3 bucket keeps the same keys). The names' grammar is the contracts' (wire/object-names.ts):
 * the remove call's contract checks a file name by it before the gateway reads it.
 */
export {
  ALLOWED_EXTENSIONS, badSegment, CONTENT_TYPES, FILE_ROUTE, linkOf, objectName, parseLegacyName, parseLinkName, SEGMENT, type ObjectKey,
} from '@wdiov/contracts/wire/object-names';

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

export class LocalStore implements ObjectStore {
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

  async write(key: ObjectKey, bytes: Uint8Array): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(join(this.root, key.tenant, key.date), { recursive: true });
    // 'wx': never overwrite, even on the (astronomically unlikely) name collision.
    await writeFile(path, bytes, { flag: 'wx' });
  }

  async get(key: ObjectKey): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

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
