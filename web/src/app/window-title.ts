import { useEffect } from 'react';
import { useI18n } from '../i18n/i18n';
import { productTitle } from './app-config';
import { useAppActors } from './AppActorsProvider';

/** Window titles are `<page title> - <product title>` (the login page sets its own). */
export function useWindowTitle(pageTitle: string | null): void {
  const { config } = useAppActors();
  const { language } = useI18n();
  useEffect(() => {
    const product = productTitle(config);
    document.title = pageTitle ? `${pageTitle} - ${product}` : product;
  }, [pageTitle, config, language]);
}
