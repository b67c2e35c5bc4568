import type { SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyEntity, EntityName } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import type { Labels } from './labels.ts';
import type { Prepare } from './behaviours.ts';
import type { Principal } from './principal.ts';
import type { Repository } from './repository.ts';

export interface RepositoryDeps {
  db: Db;
  labels: Labels;
  utcOffsetMin: number;
  /** Extra row conditions for a caller (data scope), decided outside the repository. */
  rowScope?: (entity: AnyEntity, columns: Record<string, PgColumn>, principal: Principal) => Promise<SQL | undefined>;
  /** Entity-specific preparation of submitted values (tree ancestors, password hashing …). */
  prepare?: Record<string, Prepare>;
  /** Other entities' repositories, for preparations that read them. */
  other?: (name: EntityName) => Repository;
  /** After every successful add, update or remove (caches elsewhere, other gateways). */
  onWrite?: (entity: AnyEntity, tenantId: string) => void;
  /** Each row added, updated or removed, with what it was and became (the operation log). */
  onRecord?: (change: RowChange) => void;
}

/** One row written: by whom, how, and its values before (updates) and after; or a custom call's own account of it. */
export interface RowChange {
  principal: Principal;
  entity: AnyEntity;
  action: 'add' | 'update' | 'remove' | (string & {});
  id: string;
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  changes?: Record<string, unknown>;
}

