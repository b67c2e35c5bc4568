export * from './define-alarm-rule.ts';
export * from './registry.ts';
export { fenceRule } from './fence.ts';
export { offlineRule } from './offline.ts';
export { overspeedRule } from './overspeed.ts';
export * from './handling.ts';
export * from './gbt45688/index.ts';
