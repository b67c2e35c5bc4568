export * from './entities.generated.ts';
export * from './auth.ts';
export * from './grants.ts';
export * from './telemetry.ts';
export * from './stats.ts';
export * from './workflows.ts';
export * from './app-bindings.ts';
export * from './forward.ts';
