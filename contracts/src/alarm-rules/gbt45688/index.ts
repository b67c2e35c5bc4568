export * from './fault-items.ts';
export * from './hidden-danger-items.ts';
export * from './settings.ts';
export * from './deadline.ts';
export * from './models.ts';
export * from './model-level.ts';
