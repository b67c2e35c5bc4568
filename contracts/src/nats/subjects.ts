/**
 * NATS subject names. No other file spells a subject: builders for publishers,
 * wildcard constants for consumers. Tokens are lowercase and dot-separated.
 */
const token = (s: string) => {
  if (!/^[A-Za-z0-9_-]+$/.test(s)) throw new Error(`invalid subject token: ${s}`);
  return s;
};

export const subjects = {
  telemetry: (tenant: string, vin: string) => `wdiov.${token(tenant)}.tel.${token(vin)}`,
  alarm: (tenant: string, vin: string) => `wdiov.${token(tenant)}.alarm.${token(vin)}`,
  fault: (tenant: string, vin: string) => `wdiov.${token(tenant)}.fault.${token(vin)}`,
  fence: (tenant: string, vin: string) => `wdiov.${token(tenant)}.fence.${token(vin)}`,
  raw: (vin: string) => `wdiov.raw.${token(vin)}`,
  /** Raw frames of many vehicles in one message (rawFrameBatch), published by one ingest process. */
  rawBatch: (source: string) => `wdiov.raw.${token(source)}`,
  command: (tenant: string, vin: string) => `wdiov.${token(tenant)}.cmd.${token(vin)}`,
  kick: (userId: string) => `wdiov.session.kick.${token(userId)}`,
  /** Master data of an entity changed in a tenant: caches on every gateway drop it (core NATS, payload empty). */
  changed: (tenant: string, entity: string) => `wdiov.${token(tenant)}.changed.${token(entity)}`,
  /** A vehicle logged in at a gateway: the others forget its open alarms (core NATS, payload vehicleMoved). */
  moved: (tenant: string, vin: string) => `wdiov.${token(tenant)}.moved.${token(vin)}`,
  /**
   * One vehicle's live position for browsers over nats.ws (core NATS, payload: position-message.ts).
   * Own subjects, apart from telemetry, so a browser credential can grant positions and nothing else.
   */
  position: (tenant: string, vin: string) => `wdiov.${token(tenant)}.pos.${token(vin)}`,
  /**
   * One user's alarm cards (cmd 1200) and forced logouts (cmd 8860) for their browsers on nats.ws
   * (core NATS, payload: the online-user socket's JSON frame). Only that user's credentials may read it.
   */
  userMessages: (tenant: string, userId: string) => `wdiov.${token(tenant)}.user.${token(userId)}`,
  /** A notification of an alarm to be delivered (JetStream work queue, payload: the notifyRecord id). */
  notify: (tenant: string, recordId: string) => `wdiov.${token(tenant)}.notify.${token(recordId)}`,
  /** nats-server's own: a new account JWT for every node (published in the system account, operator mode). */
  accountClaimsUpdate: (account: string) => `$SYS.REQ.ACCOUNT.${token(account)}.CLAIMS.UPDATE`,
} as const;

export const wildcards = {
  allTelemetry: 'wdiov.*.tel.*',
  allAlarms: 'wdiov.*.alarm.*',
  allFaults: 'wdiov.*.fault.*',
  allFences: 'wdiov.*.fence.*',
  allRaw: 'wdiov.raw.*',
  allKicks: 'wdiov.session.kick.*',
  allChanges: 'wdiov.*.changed.*',
  allMoves: 'wdiov.*.moved.*',
  tenantTelemetry: (tenant: string) => `wdiov.${token(tenant)}.tel.*`,
  tenantPositions: (tenant: string) => `wdiov.${token(tenant)}.pos.*`,
} as const;

/** JetStream streams that make events and raw frames survive a gateway restart. */
/**
 * Retention bounds the disk a stream takes: messages older than maxAgeHours are discarded even
 * if no persister has written them yet, so it must outlast any persister outage worth riding out.
 */
export const streams = {
  events: { name: 'WDIOV_EVENTS', subjects: ['wdiov.*.alarm.*', 'wdiov.*.fault.*', 'wdiov.*.fence.*'], maxAgeHours: 30 * 24 },
  raw: { name: 'WDIOV_RAW', subjects: ['wdiov.raw.*'], maxAgeHours: 7 * 24 },
  /**
   * Telemetry kept until position history has it: a work queue (a message leaves once acked), so
   * a restart or an overloaded writer leaves a backlog instead of a gap. Bounded in age and size
   * (10,000 vehicles at 1 Hz fill 8 GiB in about twenty minutes without a writer).
   */
  telemetry: { name: 'WDIOV_TEL', subjects: ['wdiov.*.tel.*'], maxAgeHours: 24, retention: 'workqueue', maxGiB: 8 },
  /** Notifications waiting for delivery: one durable consumer shared by every gateway takes each once. */
  notify: { name: 'WDIOV_NOTIFY', subjects: ['wdiov.*.notify.*'], maxAgeHours: 7 * 24, retention: 'workqueue' },
} as const;

/**
 * KV buckets: the latest snapshot of each vehicle, the open alarms of each vehicle (keyed by VIN),
 * browsers' nats.ws user keys revoked on a forced logout, and those minted and not yet expired
 * (both keyed by the user public key).
 */
export const buckets = {
  latestState: 'wdiov-latest', openAlarms: 'wdiov-open-alarms', revokedCredentials: 'wdiov-nats-revoked', mintedCredentials: 'wdiov-nats-minted',
} as const;

/** Queue groups: one member of a group handles each message, so replicas never write twice. */
export const durables = { notify: 'wdiov-notify' } as const;

export const queues = { persist: 'wdiov-persist', commands: 'wdiov-cmd', revokeCredentials: 'wdiov-revoke' } as const;
