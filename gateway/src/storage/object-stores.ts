import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Repositories } from '../crud/repositories.ts';
import type { Principal } from '../crud/principal.ts';
import type { Env } from '../env.ts';
import type { SecretBox } from '../notify/secret-box.ts';
import type { Outbound } from '../outbound/outbound-policy.ts';
import { activeConfig } from '../routes/resource/config-switch.ts';
import { CONTENT_TYPES, dayFolder, LocalStore, type ObjectKey } from '../routes/resource/oss-store.ts';
import { LOCAL_STORE, StoreUnavailable, type ObjectStore } from './object-store.ts';
import { isRemote, s3SettingsOf } from './oss-config.ts';
import { S3Store } from './s3-store.ts';
import { StoredObjects, type QuotaRefusal, type StoredObject } from './stored-objects.ts';
import { startOfConsoleDay, uploadQuotas } from './upload-quota.ts';

export interface ObjectStoresDeps {
  env: Pick<Env, 'UPLOAD_QUOTA_USER_BYTES' | 'UPLOAD_QUOTA_TENANT_BYTES' | 'UTC_OFFSET_MIN'>;
  repos: Repositories;
  box: SecretBox;
  outbound: Outbound;
  dataDir: string;
  logger: Logger;
}

/** A written object: its record's name (what links carry), its key in the store and the store's id. */
export interface Written {
  name: string;
  key: ObjectKey;
  store: string;
}

const keyOf = (row: StoredObject): ObjectKey => {
  const [tenant = '', date = '', name = ''] = row.objectKey.split('/');
  return { tenant, date, name };
};

/**
 * The tenants' object stores: the local disk (the embedded default) and the S3-compatible
 * bucket of each remote oss configuration. Writes go to the tenant's active configuration;
 * reads go to the store the object's record names, so a switch leaves earlier files readable.
 */
export class ObjectStores {
  readonly records: StoredObjects;
  private readonly local: LocalStore;
  /** One client per configuration, made again when the configuration changes. */
  private readonly remote = new Map<string, { stamp: number; store: S3Store }>();

  constructor(private readonly deps: ObjectStoresDeps) {
    this.records = new StoredObjects(deps.repos.get('oss').db);
    this.local = new LocalStore(deps.dataDir);
  }

  private remoteStore(row: Record<string, unknown>): S3Store {
    const id = String(row.id);
    const stamp = row.updateTime instanceof Date ? row.updateTime.getTime() : 0;
    const known = this.remote.get(id);
    if (known?.stamp === stamp) return known.store;
    known?.store.close();
    const store = new S3Store(s3SettingsOf(row, this.deps.box), this.deps.outbound);
    this.remote.set(id, { stamp, store });
    return store;
  }

  /** The store new objects of the caller's tenant go to, its id and the domain the answer names. */
  async active(principal: Principal): Promise<{ id: string; store: ObjectStore; domain: string }> {
    const config = await activeConfig(this.deps.repos.get('oss'), principal);
    if (!config || !isRemote(config.category)) {
      const endpoint = String(config?.endpoint ?? '');
      const domain = /^https?:\/\/[^\s]+$/i.test(endpoint) ? endpoint.replace(/\/+$/, '') : '';
      return { id: LOCAL_STORE, store: this.local, domain };
    }
    return { id: String(config.id), store: this.remoteStore(config), domain: '' };
  }

  /** The store an object was written to: the local disk, or the configuration of its tenant (removed or not). */
  async byId(tenantId: string, store: string): Promise<ObjectStore | undefined> {
    if (store === LOCAL_STORE) return this.local;
    const repo = this.deps.repos.get('oss');
    const [row] = await repo.db.select().from(repo.table).where(and(eq(repo.columns.id!, store), eq(repo.columns.tenantId!, tenantId))).limit(1);
    return row ? this.remoteStore(row as Record<string, unknown>) : undefined;
  }

  /** Files written before objects had records: on the local disk under their tenant's folder. */
  get legacy(): ObjectStore {
    return this.local;
  }

  /**
   * Writes an upload of the caller's into the tenant's active store, unless it would take the
   * caller or the tenant past a daily quota (then nothing is written and the refusal says which).
   */
  async put(principal: Principal, ext: string, bytes: Uint8Array): Promise<{ written: Written; domain: string } | { refused: QuotaRefusal }> {
    const { id, store, domain } = await this.active(principal);
    const now = new Date();
    const name = `${randomBytes(16).toString('hex')}.${ext}`;
    const key: ObjectKey = { tenant: principal.tenantId, date: dayFolder(now, this.deps.env.UTC_OFFSET_MIN), name };
    const limits = await uploadQuotas(this.deps.env, this.deps.repos);
    const refused = await this.records.reserve(
      { name, tenantId: principal.tenantId, store: id, objectKey: `${key.tenant}/${key.date}/${key.name}`, size: bytes.length, createUser: principal.userId, createTime: now },
      limits, startOfConsoleDay(now, this.deps.env.UTC_OFFSET_MIN),
    );
    if (refused) return { refused };
    try {
      await store.write(key, bytes, CONTENT_TYPES[ext]!);
    } catch (err) {
      await this.records.forget(name);
      this.deps.logger.warn({ err, store: id, tenantId: principal.tenantId }, 'object not written');
      throw new StoreUnavailable(id, err);
    }
    return { written: { name, key, store: id }, domain };
  }

  /** The bytes of a live object (null when its store no longer has it). */
  async read(row: StoredObject): Promise<Uint8Array | null> {
    const store = await this.byId(row.tenantId, row.store);
    if (!store) return null;
    try {
      return await store.get(keyOf(row));
    } catch (err) {
      throw new StoreUnavailable(row.store, err);
    }
  }

  /** Removes a live object from its store and marks its record removed; false when the store had none. */
  async remove(row: StoredObject): Promise<boolean> {
    const store = await this.byId(row.tenantId, row.store);
    const removed = store ? await store.remove(keyOf(row)).catch((err: unknown) => { throw new StoreUnavailable(row.store, err); }) : false;
    await this.records.markRemoved(row.name);
    return removed;
  }

  /** Undoes a write whose attach row could not be recorded. */
  async undo(written: Written, tenantId: string): Promise<void> {
    const store = await this.byId(tenantId, written.store);
    await store?.remove(written.key).catch(() => false);
    await this.records.forget(written.name);
  }

  close(): void {
    for (const { store } of this.remote.values()) store.close();
    this.remote.clear();
  }
}
