import { z } from 'zod';
import type { HttpClient } from './http';
import { deptOption, envelope, menuNode, roleOption } from './wire';
import type { ErrorLogEntry } from '../util/error-log';

export const SOCKET_SWITCH_PARAM = 'alarm.websocket.switch';

export function createSystemApi(http: HttpClient) {
  return {
    async menuRoutes() {
      return envelope(z.array(menuNode)).parse(await http.get('/wdiov-system/menu/routes')).data;
    },
    async menuButtons() {
      return envelope(z.array(menuNode)).parse(await http.get('/wdiov-system/menu/buttons')).data;
    },
    async paramValue(paramKey: string): Promise<string> {
      const body = await http.get('/wdiov-system/param/getValueByKey', { paramKey });
      return envelope(z.union([z.string(), z.number()]).nullish()).parse(body).data?.toString() ?? '';
    },
    async deptOptions(userId: string) {
      return envelope(z.array(deptOption)).parse(await http.get('/wdiov-system/dept/select', { userId })).data;
    },
    async roleOptions(userId: string) {
      return envelope(z.array(roleOption)).parse(await http.get('/wdiov-system/role/select', { userId })).data;
    },
    sendLogs: (logs: ErrorLogEntry[]) => http.post('/wdiov-system/log-error/send-logs', logs),
  };
}

export type SystemApi = ReturnType<typeof createSystemApi>;
