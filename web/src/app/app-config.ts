import type { AuthApi } from '../api/auth-api';
import type { AppConfig } from '../api/wire';
import { t } from '../i18n/i18n';

/** The spec's defaults (§9), used when GET /api/config cannot be read. */
export const DEFAULT_CONFIG: AppConfig = {
  captchaMode: true,
  tenantMode: false,
  switchMode: false,
  defaultTenantId: '000000',
  tokenTime: 3000,
  productTitle: '',
};

export async function loadAppConfig(auth: AuthApi): Promise<AppConfig> {
  try {
    return await auth.config();
  } catch (error) {
    console.warn('GET /api/config failed, using the defaults', error);
    return DEFAULT_CONFIG;
  }
}

export function productTitle(config: AppConfig): string {
  return config.productTitle || t('appDefaultTitle');
}
