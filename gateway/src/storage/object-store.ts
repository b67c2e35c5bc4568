import type { ObjectKey } from '../routes/resource/oss-store.ts';

/** Where objects are written and read: the local disk, or an S3-compatible bucket. */
export interface ObjectStore {
  /** Writes a new object (keys are generated, never reused). */
  write(key: ObjectKey, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes of an object, or null when there is none. */
  get(key: ObjectKey): Promise<Uint8Array | null>;
  /** Deletes an object; false when there was none. */
  remove(key: ObjectKey): Promise<boolean>;
}

/** The store id of the local disk in a stored object's record (an oss configuration's id otherwise). */
export const LOCAL_STORE = 'local';

/** A store that could not be reached or refused a call: the caller's input was not at fault. */
export class StoreUnavailable extends Error {
  constructor(readonly store: string, cause: unknown) {
    super(`object store ${store} unavailable`, { cause });
    this.name = 'StoreUnavailable';
  }
}
