import { z } from 'zod';
import { isProxyEntry } from './lib/client-address.ts';

/**
 * The only reader of `process.env`. Every setting of the gateway is here, with its default;
 * the README's configuration table lists the same names.
 */
const onOff = (fallback: 'on' | 'off') =>
  z
    .enum(['on', 'off', 'true', 'false', '1', '0'])
    .default(fallback)
    .transform((v) => v === 'on' || v === 'true' || v === '1');

/** scheme://host[:port] of an http(s) page, nothing more (what a browser sends as `Origin`). */
const isOrigin = (v: string) => {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.origin === v;
  } catch {
    return false;
  }
};

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

/** The product title when PRODUCT_TITLE is not set (the OpenAPI document's title too). */
export const DEFAULT_PRODUCT_TITLE = 'WDIOV 车联网监控平台';

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText,
  NATS_URL: optionalText,
  /**
   * A video service the video calls (openRVC, startREC, stopREC, closeRVC) are relayed to; without
   * it they answer that no video service is configured (the product has none of its own).
   */
  VIDEO_SERVICE_URL: optionalText,
  /** off: never start a nats-server child even when one is on PATH (the in-process bus is used). */
  NATS_SPAWN: onOff('on'),
  /**
   * on: the nats-server child gets a websocket listener and runs in operator mode, and signed-in browsers
   * read their positions from it with credentials the gateway mints (off: the position socket only).
   */
  NATS_WS: onOff('on'),
  /** Websocket port of the nats-server child (0: a free one). */
  NATS_WS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Address the nats-server child's websocket listener binds (unset: HOST's). */
  NATS_WS_HOST: optionalText,
  /**
   * Origins of the pages that may open the child's websocket listener, comma-separated (`https://console.example.com`);
   * unset: CONSOLE_URL's origin, else the console of this gateway at its own addresses and port. Other origins are refused;
   * each host name once (nats-server keeps one port per host).
   */
  NATS_WS_ORIGINS: z.string().default('').transform((v) => v.split(',').map((e) => e.trim().replace(/\/$/, '')).filter(Boolean))
    .refine((origins) => origins.every(isOrigin), { message: 'NATS_WS_ORIGINS must list http(s) origins (scheme://host[:port]), comma-separated' })
    // nats-server keeps one origin per host name: a second port of one host would silently replace the first.
    .refine((origins) => !origins.every(isOrigin) || new Set(origins.map((o) => new URL(o).hostname)).size === origins.length, {
      message: 'NATS_WS_ORIGINS may name each host once',
    }),
  /** With NATS_URL: the directory holding gateway.creds and account.nk of the cluster (deploy/nats-auth). */
  NATS_AUTH_DIR: optionalText,
  /** With NATS_URL: the websocket URLs browsers reach the cluster at, comma-separated (none: no nats.ws feed). */
  NATS_WS_URL: optionalText,
  /** Copies a NATS cluster keeps of each stream the gateway creates (3 in the compose cluster: one node may die). */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Lifetime of a browser's nats.ws credentials; the console renews them before they end. */
  NATS_CREDENTIALS_TTL_S: z.coerce.number().int().min(30).default(600),
  INGEST_PORT: z.coerce.number().int().min(0).max(65535).default(32960),
  /** Address the GB/T 32960 ingest binds (unset: HOST's). */
  INGEST_HOST: optionalText,
  /**
   * on: a vehicle logs in only with the ICCID of its first login, or one an operator recorded since through a terminal
   * change (terminalChange naming the new terminal); other logins are refused. off: the ICCID is recorded, not enforced.
   */
  INGEST_BIND_ICCID: onOff('off'),
  /** on: with NATS and a Postgres server, the persisters run in a thread of their own (off: in the main thread). */
  PERSIST_THREAD: onOff('on'),
  /** on: the embedded PGlite (no DATABASE_URL) runs in a thread of its own (off: in the main thread). */
  PGLITE_THREAD: onOff('on'),
  JWT_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'JWT_SECRET must be at least 32 characters',
  }),
  /**
   * Key of the secrets the gateway stores for tenants (notification channels' signing secrets): 32 bytes
   * or more of any text; unset, one is generated on first start and kept in the data directory.
   */
  SECRET_KEY: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'SECRET_KEY must be at least 32 characters',
  }),
  /** SMTP server alarm e-mails go through, e.g. `smtps://user:password@smtp.example.com:465` (the platform tenant's `notify.smtpUrl` parameter otherwise). */
  SMTP_URL: optionalText,
  /** The sender of alarm e-mails. */
  SMTP_FROM: z.string().default('WDIOV <alarm@localhost>'),
  /** Address of the console as its users reach it, for the links in notifications (none: no link). */
  CONSOLE_URL: optionalText.refine((v) => v === undefined || /^https?:\/\//.test(v), { message: 'CONSOLE_URL must be an http(s) URL' }),
  /** Alarms a team is sent one by one per minute; beyond them, one digest per team per minute lists the rest. */
  NOTIFY_DIGEST_AFTER: z.coerce.number().int().min(1).default(5),
  /** Attempts of a notification before it is recorded as failed. */
  NOTIFY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** Attempts of a scheduled report's e-mail (1, 2, 4 … minutes apart) before that send is given up until the next one. */
  REPORT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  CAPTCHA_MODE: onOff('on'),
  TENANT_MODE: onOff('off'),
  SWITCH_MODE: onOff('off'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Largest request body accepted, in bytes (uploads included). */
  BODY_LIMIT: z.coerce.number().int().min(1024).default(10 * 1024 * 1024),
  /** Bytes one user may upload per day (the platform param upload.userQuotaBytesPerDay overrides it). */
  UPLOAD_QUOTA_USER_BYTES: z.coerce.number().int().min(1).default(200 * 1024 * 1024),
  /** Bytes one tenant's users may upload per day together (the platform param upload.tenantQuotaBytesPerDay overrides it). */
  UPLOAD_QUOTA_TENANT_BYTES: z.coerce.number().int().min(1).default(2 * 1024 * 1024 * 1024),
  /** UTC offset of the console's times, in minutes (Asia/Shanghai = 480). */
  UTC_OFFSET_MIN: z.coerce.number().int().min(-720).max(840).default(480),
  /** Built web console served at `/`; nothing is served when the folder is missing. */
  WEB_DIST: z.string().default('../web/dist'),
  /** MapLibre style of the console's maps (self-hosted vector tiles, a provider); unset: the bundled offline basemap. */
  MAP_STYLE_URL: optionalText.refine((v) => v === undefined || /^https?:\/\//.test(v), { message: 'MAP_STYLE_URL must be an http(s) URL' }),
  /** The datum MAP_STYLE_URL draws in: gcj02 for Chinese providers (AMap, Tencent), whose tiles are offset from WGS-84. */
  MAP_STYLE_DATUM: z.enum(['wgs84', 'gcj02']).default('wgs84'),
  /** The console shows its own title in the user's language while this is left at the default. */
  PRODUCT_TITLE: z.string().default(DEFAULT_PRODUCT_TITLE),
  /** The title of the English console; PRODUCT_TITLE when unset. */
  PRODUCT_TITLE_EN: optionalText,
  /** On first start, seed the demo fleet the simulator drives with its defaults. */
  DEMO_FLEET: onOff('on'),
  /** Five wrong sign-ins in a row lock an account for this long; the lock then ends on its own. */
  LOGIN_LOCK_MINUTES: z.coerce.number().min(0).default(30),
  /** Failed sign-ins one address may make per window before it gets 429 (any account). */
  SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  SIGNIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /** Open ingest connections at most; 0 = derived from the process's file limit (leaving room for HTTP and databases). */
  INGEST_MAX_CONNECTIONS: z.coerce.number().int().min(0).default(0),
  /** Open ingest connections one address may hold (NAT gateways of a fleet may need more). */
  INGEST_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(2000),
  /** A connection without a valid vehicle login this long after it opened is closed. */
  INGEST_LOGIN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** A frame begun but not completed this long is abandoned with its connection. */
  INGEST_FRAME_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** Largest message a browser may send on the console's websockets, in bytes (larger: close 1009). */
  WS_MAX_MESSAGE_BYTES: z.coerce.number().int().min(256).default(8192),
  /** Messages per second a browser may send on one socket (more: close 1008). */
  WS_MAX_MESSAGES_PER_S: z.coerce.number().int().min(1).default(20),
  /** Console sockets (cards and positions) one user may hold open on one gateway; the console opens two per tab. */
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(2).default(20),
  /** Bearer token a Prometheus scraper sends for /metrics; unset: /metrics answers this machine's own requests only. */
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, { message: 'METRICS_TOKEN must be at least 16 characters' }),
  /**
   * Reverse proxies whose `X-Forwarded-For` names the client (addresses and CIDRs, comma-separated); unset: none, the
   * TCP peer is the client. While one is trusted nothing counts as "from this machine": /metrics needs METRICS_TOKEN
   * and the demo-fleet registration an administrator's token.
   */
  TRUST_PROXY: z.string().default('').transform((v) => v.split(',').map((e) => e.trim()).filter(Boolean))
    .refine((entries) => entries.every(isProxyEntry), { message: 'TRUST_PROXY must list IP addresses or CIDRs, comma-separated' }),
  /**
   * On SIGTERM, the bound of the whole stop: not ready at once, then the doors close (terminals handed over,
   * sockets closed, batches stored) and the process exits within this, however loaded the machine. Below
   * docker's 10 s kill by default.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(3000).default(8000),
  /**
   * Hosts and networks a tenant's outgoing links (forwarding platforms, webhooks, chat robots) may reach,
   * comma-separated: names, `*.domain`, addresses, CIDRs (`10.8.0.0/16`, `fd00::/8`). Loopback, link-local
   * and private addresses are refused unless listed. The platform tenant's `outbound.allow` parameter adds more.
   */
  OUTBOUND_ALLOW: z.string().default(''),
  /** Frames per second to a superior platform whose row names no rate. */
  FORWARD_FRAME_RATE: z.coerce.number().int().min(1).default(20_000),
  /** Share of that rate the backlog of an outage may take while live frames flow (0 < share <= 1). */
  FORWARD_BACKLOG_SHARE: z.coerce.number().gt(0).max(1).default(0.5),
  /** Raw frames older than this many days are deleted (0: kept for ever). */
  RETENTION_RAW_FRAME_DAYS: z.coerce.number().int().min(0).default(30),
  /** Position history older than this many days is deleted (0: kept for ever). */
  RETENTION_POSITION_DAYS: z.coerce.number().int().min(0).default(180),
});

export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}

/** Settings for tests: in-memory database, no bus child, quiet logs. */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({ LOG_LEVEL: 'silent', NATS_SPAWN: 'off', CAPTCHA_MODE: 'off', PORT: '0', ...overrides });
}
