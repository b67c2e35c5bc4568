import type { AuthApi } from '../api/auth-api';
import type { AppConfig } from '../api/wire';
import { getLanguage, t } from '../i18n/i18n';
import { setServedMapStyle } from '../map/map-settings';

/** The spec's defaults (§9), used when GET /api/config cannot be read. */
export const DEFAULT_CONFIG: AppConfig = {
  captchaMode: true,
  tenantMode: false,
  switchMode: false,
  defaultTenantId: '000000',
  tokenTime: 3000,
  productTitle: '',
  productTitleEn: '',
  utcOffsetMin: 480,
  mapStyleUrl: '',
  mapStyleDatum: 'wgs84',
};

export async function loadAppConfig(auth: AuthApi): Promise<AppConfig> {
  try {
    const config = await auth.config();
    setServedMapStyle(config.mapStyleUrl, config.mapStyleDatum);
    return config;
  } catch (error) {
    console.warn('GET /api/config failed, using the defaults', error);
    return DEFAULT_CONFIG;
  }
}

/**
 * The product title in the console's language: the operator's (PRODUCT_TITLE, and PRODUCT_TITLE_EN
 * for English, which falls back to PRODUCT_TITLE), else the console's own (appDefaultTitle).
 */
export function productTitle(config: AppConfig): string {
  const configured = getLanguage() === 'en' ? config.productTitleEn || config.productTitle : config.productTitle;
  return configured || t('appDefaultTitle');
}
