import type { ReactNode } from 'react';
import PrimeReact, { PrimeReactContext, type APIOptions } from 'primereact/api';

/**
 * PrimeReact's context, holding its global configuration itself (the locale, pass-through and
 * z-index settings the console sets on PrimeReact at start and on a language switch). Some
 * overlays read the context without a fallback: a dropdown left open while the page scrolls
 * threw `reading 'hideOverlaysOnDocumentScrolling'` on every scroll without a provider. The
 * provider of primereact/api would keep a copy of its own (its locale defaulting to English), so
 * the one configuration object is handed down instead.
 */
export function PrimeConfig({ children }: { children: ReactNode }) {
  return <PrimeReactContext.Provider value={PrimeReact as unknown as APIOptions}>{children}</PrimeReactContext.Provider>;
}
