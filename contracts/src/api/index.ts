export * from './define-route.ts';
export * from './basemap.route.ts';
export * from './missed-cards.route.ts';
export * from './vehicle-transfer.route.ts';
export * from './notice-inbox.route.ts';
export * from './data-quality.route.ts';
export * from './safety-profile.route.ts';
export * from './sso.route.ts';
