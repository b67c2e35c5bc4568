import { z } from 'zod';
import { menuButtonsRoute, menuRoutesRoute, topMenuRoute } from '@wdiov/contracts/api/menu.route';
import { paramValueByKeyRoute } from '@wdiov/contracts/api/tenant.route';
import { deptSelectRoute, roleSelectRoute } from '@wdiov/contracts/api/role.route';
import { callRoute } from './call-route';
import type { HttpClient } from './http';
import { menuNode } from './wire';
import type { ErrorLogEntry } from '../util/error-log';

export const SOCKET_SWITCH_PARAM = 'alarm.websocket.switch';

const topMenuItem = z.object({ id: z.coerce.string(), name: z.string().catch(''), source: z.string().nullish().transform((v) => v ?? ''), sort: z.coerce.number().catch(0) });
export type TopMenuItem = z.infer<typeof topMenuItem>;

export function createSystemApi(http: HttpClient) {
  return {
    /** The caller's menu tree; with a top menu, only the menus granted to it. */
    async menuRoutes(topMenuId?: string) {
      return z.array(menuNode).parse(await callRoute(http, menuRoutesRoute, { query: topMenuId ? { topMenuId } : {} }));
    },
    /** The top menus of the caller's tenant, in their order. */
    async topMenus() {
      return z.array(topMenuItem).parse(await callRoute(http, topMenuRoute, {}));
    },
    async menuButtons() {
      return z.array(menuNode).parse(await callRoute(http, menuButtonsRoute, {}));
    },
    paramValue: (paramKey: string): Promise<string> => callRoute(http, paramValueByKeyRoute, { query: { paramKey } }),
    deptOptions: (userId: string) => callRoute(http, deptSelectRoute, { query: { userId } }),
    roleOptions: (userId: string) => callRoute(http, roleSelectRoute, { query: { userId } }),
    sendLogs: (logs: ErrorLogEntry[]) => http.post('/wdiov-system/log-error/send-logs', logs),
  };
}

export type SystemApi = ReturnType<typeof createSystemApi>;
