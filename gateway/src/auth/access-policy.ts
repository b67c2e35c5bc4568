import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ADMIN_TENANT_ID } from '@wdiov/contracts';
import type { Db } from '../db/client.ts';
import { apiScopeTable, menuTable, roleMenus, roleScopes } from '../db/schema/index.ts';
import { isAdministrator, isPlatformAdministrator, type Principal } from '../crud/principal.ts';
import { ttlCache } from '../lib/ttl-cache.ts';
import { authText } from '../lib/texts/auth-text.ts';
import { ADMIN_ONLY, matchesAny, PLATFORM_ONLY, READ_ONLY_POSTS, readersOf, readRules, SELF_SERVICE_READS } from './read-grants.ts';

const TTL_MS = 30_000;

/** Writes any signed-in user may make about themselves. */
export const SELF_SERVICE = new Set([
  '/api/wdiov-user/update-password',
  '/api/wdiov-user/update-info',
  '/api/wdiov-resource/oss/endpoint/put-file',
  '/api/wdiov-system/log-error/send-logs',
  '/api/wdiov-auth/oauth/logout',
  // Read marks of the caller's own notice popover.
  '/api/wdiov-desk/notice/inbox/read',
  '/api/wdiov-desk/notice/inbox/read-all',
]);

interface Snapshot {
  at: number;
  /** API path → ids of the buttons that call it. */
  buttonsByPath: Map<string, string[]>;
  apiScopes: { id: string; pattern: RegExp }[];
  /** Menu code → ids of that menu and of its buttons (holding either grants the screen's reads). */
  idsByCode: Map<string, string[]>;
  /** Menu or button id → its code. */
  codeById: Map<string, string>;
}

const READ_RULES = readRules();

/** `/api/x/*` matches one segment, `/api/x/**` any depth. */
export function globToRegExp(glob: string): RegExp {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  // NUL stands in for `**` while single stars are replaced: no glob contains it.
  // eslint-disable-next-line no-control-regex
  return new RegExp('^' + escaped.replace(/\*\*/g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '.*') + '$');
}

/** A spreadsheet import adds rows as a submit does: granted by the add button of the entity's submit. */
const IMPORT_PATH = /\/import\/(preview|commit)$/;

export type Decision = { allowed: true } | { allowed: false; reason: string };

/**
 * Which calls a role may make, decided for every request in one place:
 * - administrators may make every call of their tenant;
 * - a path covered by API scopes needs one of those scopes granted to a role of the caller;
 * - a write whose path a button calls needs that button granted (so the buttons a user sees
 *   are exactly the writes the API lets them make);
 * - any other write is for administrators only (deny by default), bar the self-service ones;
 * - a read needs the menu of a screen that shows it (read-grants.ts) or an API scope covering it,
 *   bar the self-service reads every signed-in user makes; rows are then narrowed by tenant and
 *   data scope;
 * - the platform's own tables are for administrators only, reads and writes alike.
 */
export class AccessPolicy {
  private snapshot?: Snapshot;
  /** What each role set holds (menus and buttons, API scopes). */
  private readonly grants = ttlCache<{ menus: Set<string>; scopes: Set<string> }>({ ttlMs: TTL_MS, max: 5_000 });

  constructor(private readonly db: Db) {}

  private listeners = new Set<() => void>();

  /** Caches derived from grants elsewhere (menus of a role set …) drop with the policy's own. */
  onInvalidate(listener: () => void): void {
    this.listeners.add(listener);
  }

  invalidate(): void {
    this.snapshot = undefined;
    this.grants.clear();
    for (const listener of this.listeners) listener();
  }

  private async load(): Promise<Snapshot> {
    if (this.snapshot && Date.now() - this.snapshot.at < TTL_MS) return this.snapshot;
    const m = getTableColumns(menuTable) as Record<string, PgColumn>;
    const menus = await this.db.select({ id: m.id!, path: m.path!, code: m.code!, parentId: m.parentId!, category: m.category! })
      .from(menuTable).where(eq(m.isDeleted!, 0));
    const codeById = new Map(menus.map((r) => [String(r.id), String(r.code)]));
    const idsByCode = new Map<string, string[]>();
    const addId = (code: string | undefined, id: string) => code && idsByCode.set(code, [...(idsByCode.get(code) ?? []), id]);
    const buttonsByPath = new Map<string, string[]>();
    for (const b of menus) {
      addId(String(b.code), String(b.id));
      if (Number(b.category) !== 2) continue;
      addId(codeById.get(String(b.parentId)), String(b.id));
      const path = String(b.path ?? '');
      if (!path.startsWith('/api/')) continue;
      buttonsByPath.set(path, [...(buttonsByPath.get(path) ?? []), String(b.id)]);
    }
    const s = getTableColumns(apiScopeTable) as Record<string, PgColumn>;
    const scopes = await this.db.select({ id: s.id!, path: s.scopePath! }).from(apiScopeTable).where(eq(s.isDeleted!, 0));
    this.snapshot = { at: Date.now(), buttonsByPath, idsByCode, codeById, apiScopes: scopes.map((r) => ({ id: String(r.id), pattern: globToRegExp(String(r.path)) })) };
    return this.snapshot;
  }

  private async granted(roleIds: string[]) {
    const key = roleIds.slice().sort().join(',');
    const hit = this.grants.get(key);
    if (hit) return hit;
    const menus = roleIds.length === 0 ? [] : await this.db.select({ id: roleMenus.menuId }).from(roleMenus).where(inArray(roleMenus.roleId, roleIds));
    const scopes = roleIds.length === 0 ? [] : await this.db.select({ id: roleScopes.scopeId }).from(roleScopes)
      .where(and(inArray(roleScopes.roleId, roleIds), eq(roleScopes.scopeCategory, 2)));
    const entry = { menus: new Set(menus.map((r) => String(r.id))), scopes: new Set(scopes.map((r) => String(r.id))) };
    this.grants.set(key, entry);
    return entry;
  }

  async check(principal: Principal, method: string, path: string): Promise<Decision> {
    if (isPlatformAdministrator(principal)) return { allowed: true };
    const read = method === 'GET' || method === 'HEAD' || READ_ONLY_POSTS.has(path);
    if (read && matchesAny(SELF_SERVICE_READS, path)) return { allowed: true };
    if (matchesAny(PLATFORM_ONLY, path)) return { allowed: false, reason: authText('adminOnly') };
    // Another tenant's administrator role: everything of its own tenant (the engine keeps it there).
    if (isAdministrator(principal)) return { allowed: true };
    if (matchesAny(ADMIN_ONLY, path)) return { allowed: false, reason: authText('adminOnly') };
    const snap = await this.load();
    const grants = await this.granted(principal.roleIds);
    const scopes = snap.apiScopes.filter((s) => s.pattern.test(path));
    if (scopes.length > 0 && !scopes.some((s) => grants.scopes.has(s.id))) {
      return { allowed: false, reason: authText('noApiGrant') };
    }
    if (read) {
      if (scopes.length > 0) return { allowed: true };
      const screens = [...readersOf(READ_RULES, path)].flatMap((code) => snap.idsByCode.get(code) ?? []);
      return screens.some((id) => grants.menus.has(id)) ? { allowed: true } : { allowed: false, reason: authText('noViewGrant') };
    }
    if (SELF_SERVICE.has(path)) return { allowed: true };
    const importing = IMPORT_PATH.test(path);
    const buttons = importing
      ? snap.buttonsByPath.get(path.replace(IMPORT_PATH, '/submit'))?.filter((id) => snap.codeById.get(id)?.endsWith('_add'))
      : snap.buttonsByPath.get(path);
    if (buttons?.some((id) => grants.menus.has(id))) return { allowed: true };
    return { allowed: false, reason: buttons ? authText('noButtonGrant') : authText('adminOnly') };
  }

  /**
   * Whether the caller holds the button of `path` whose code ends in `_<suffix>`: several buttons
   * may call one path (add and edit both call submit), and check() lets either through.
   */
  async holdsButton(principal: Principal, path: string, suffix: string): Promise<boolean> {
    if (isAdministrator(principal)) return true;
    const snap = await this.load();
    const grants = await this.granted(principal.roleIds);
    return (snap.buttonsByPath.get(path) ?? []).some((id) => grants.menus.has(id) && Boolean(snap.codeById.get(id)?.endsWith(`_${suffix}`)));
  }

  /** Platform entities (tenants, clients …) belong to the platform tenant's users only. */
  static platformAllowed(principal: Principal): boolean {
    return principal.tenantId === ADMIN_TENANT_ID;
  }
}
