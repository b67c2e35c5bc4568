import { userInfoRoute, userProfile, userRegisterGuestRoute, userUpdateInfoRoute, userUpdatePasswordRoute, type UserProfile } from '@wdiov/contracts/api/user.route';
import { callRoute } from './call-route';
import type { HttpClient } from './http';
import { envelope, uploadResult } from './wire';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export interface GuestRegistration {
  tenantId: string;
  name: string;
  account: string;
  /** Already md5-hashed. */
  password: string;
  oauthId: string;
}

export function createUserApi(http: HttpClient) {
  return {
    info: async (): Promise<UserProfile> => userProfile.parse(await callRoute(http, userInfoRoute, {})),
    updateInfo: (profile: Partial<UserProfile>) => callRoute(http, userUpdateInfoRoute, { body: profile }),
    /** Values are md5-hashed by the caller, sent as query params. */
    updatePassword: (change: PasswordChange) => callRoute(http, userUpdatePasswordRoute, { query: { ...change } }),
    registerGuest: (guest: GuestRegistration, token: string) =>
      callRoute(http, userRegisterGuestRoute, { query: { ...guest } }, {
        quiet: true,
        headers: token ? { 'Wdiov-Auth': `bearer ${token}` } : undefined,
      }),
    async uploadFile(file: File): Promise<string> {
      const form = new FormData();
      form.append('file', file);
      const body = await http.post('/wdiov-resource/oss/endpoint/put-file', form);
      return envelope(uploadResult).parse(body).data.link;
    },
  };
}

export type UserApi = ReturnType<typeof createUserApi>;
