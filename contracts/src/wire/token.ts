import type { MapDatum } from '../geo/gcj02.ts';

/** The bare snake_case token object of `POST /api/wdiov-auth/oauth/token` (BladeX X2 ∪ X3 keys). */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
  client_id: string;
  tenant_id: string;
  user_id: string;
  dept_id: string;
  post_id: string;
  role_id: string;
  oauth_id: string;
  account: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  detail: { type: string };
  license: string;
  jti: string;
}

export const GRANT_TYPES = ['password', 'captcha', 'refresh_token', 'social', 'authorization_code'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** Header carrying the access token: `Wdiov-Auth: bearer <jwt>`. */
export const TOKEN_HEADER = 'Wdiov-Auth';

/** Public settings the console reads before sign-in (`GET /api/config`). */
export interface ConsoleConfig {
  captchaMode: boolean;
  tenantMode: boolean;
  switchMode: boolean;
  defaultTenantId: string;
  tokenTime: number;
  /** PRODUCT_TITLE; '' when not configured (the console shows its own, in the user's language). */
  productTitle: string;
  /** PRODUCT_TITLE_EN, the English console's title; '' when not configured. */
  productTitleEn: string;
  /** UTC offset, in minutes, of the 'yyyy-MM-dd HH:mm:ss' times the gateway reads and writes (UTC_OFFSET_MIN). */
  utcOffsetMin: number;
  /** MAP_STYLE_URL, the MapLibre style of the maps' basemap; '' for the bundled offline basemap. */
  mapStyleUrl: string;
  /** MAP_STYLE_DATUM, the datum that style draws in (GCJ-02 for Chinese providers): positions are converted to it. */
  mapStyleDatum: MapDatum;
}
