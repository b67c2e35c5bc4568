import { secureHeaders } from 'hono/secure-headers';

/**
 * Headers that make browsers refuse what the console never does: scripts, frames and
 * connections from elsewhere. The policy is what the console runs under: its own scripts and
 * worker, MapLibre's blob: workers and data:/blob: images, inline styles (React and MapLibre
 * set style attributes), the websockets of its own origin, and the basemap's tile hosts.
 */
export function browserHeaders(mapSources: () => readonly string[] = () => []) {
  // The basemap's tile hosts (map-sources.ts); '' keeps the directive as it was when there are none.
  const maps = () => mapSources().join(' ');
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      childSrc: ["'self'", 'blob:'],
      imgSrc: ["'self'", 'data:', 'blob:', maps],
      styleSrc: ["'self'", "'unsafe-inline'"],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", 'ws:', 'wss:', 'blob:', 'data:', maps],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    xContentTypeOptions: true,
    // Served over plain HTTP on a LAN as often as behind TLS: HSTS is the proxy's to send.
    strictTransportSecurity: false,
    // Uploaded files are shown by other origins' pages only through the console itself.
    crossOriginResourcePolicy: 'same-origin',
  });
}
