import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Repositories } from '../crud/repositories.ts';
import type { Dictionaries } from '../crud/dictionaries.ts';
import type { AccessPolicy } from '../auth/access-policy.ts';
import type { DataScopes } from '../auth/data-scope.ts';
import type { LogWriter } from '../logs/log-writer.ts';
import type { SessionKicks } from '../auth/session-kicks.ts';
import type { MapSources } from '../lib/map-sources.ts';
import type { Geocoder } from '../geocode/geocoder.ts';
import type { Principal } from '../crud/principal.ts';
import type { Ctx } from '../lib/types.ts';
import type { ObjectStores } from '../storage/object-stores.ts';

/** What the bespoke (non-generic) routes of a service may use. */
export interface BespokeDeps {
  env: Env;
  db: Db;
  repos: Repositories;
  dictionaries: Dictionaries;
  policy: AccessPolicy;
  dataScopes: DataScopes;
  logger: Logger;
  logs: LogWriter;
  /** Absolute data directory (uploads live under `<dataDir>/oss`). */
  dataDir: string;
  /** Forced logouts (cmd 8860) after account changes. */
  kicks?: SessionKicks;
  /** The tile origins the CSP allows, kept in step with the map parameters. */
  mapSources?: MapSources;
  /** Locations in words (online geocoder, else district and nearest own place). */
  geocoder?: Geocoder;
  /** The tenants' object stores (local disk, S3-compatible buckets) and the records of what they hold. */
  objects?: ObjectStores;
  /** The signed-in user of a request to a public path: undefined without a token, a 401 for a bad one. */
  identify?: (c: Ctx) => Promise<Principal | undefined>;
}
