import type { HttpClient } from './http';
import { envelope, uploadResult, userProfile, type UserProfile } from './wire';

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
    async info(): Promise<UserProfile> {
      return envelope(userProfile).parse(await http.get('/wdiov-user/info')).data;
    },
    updateInfo: (profile: Partial<UserProfile>) => http.post('/wdiov-user/update-info', profile),
    /** Values are md5-hashed by the caller, sent as query params. */
    updatePassword: (change: PasswordChange) =>
      http.post('/wdiov-user/update-password', undefined, { params: { ...change } }),
    registerGuest: (guest: GuestRegistration, token: string) =>
      http.post('/wdiov-user/register-guest', undefined, {
        params: { ...guest },
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
