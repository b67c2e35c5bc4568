export * from './entities.generated.ts';
export * from './auth.ts';
