import { describe, expect, it } from 'vitest';
import { entities } from '../src/entities/registry.ts';
import { billAmount } from '../src/entities/vehteam/bill.ts';
import { menuTree, type MenuSeed } from '../src/menu/menu-tree.ts';
import {
  billWorkflow, chosenTransition, dispatchWorkflow, missingNote, transitionBodySchema, workflowButtons, workflowList, workflowOf,
} from '../src/workflows/index.ts';

describe('workflow definitions', () => {
  it('attach to their entity definitions and start in the status default', () => {
    expect(workflowOf(entities.dispatch)).toBe(dispatchWorkflow);
    expect(workflowOf(entities.bill)).toBe(billWorkflow);
    expect(workflowOf(entities.driver)).toBeUndefined();
    for (const w of workflowList) expect(w.entity.fields[w.statusField].default).toBe(w.states[w.initial]!.value);
  });

  it('dispatch goes draft → submitted → deployed → closed, and revokes back with a reason', () => {
    const t = dispatchWorkflow.transitions;
    expect([t.submit.from, t.submit.to]).toEqual([['draft', 'revoked'], 'submitted']);
    expect([t.deploy.call, t.deploy.from, t.deploy.to]).toEqual(['toDeploy', ['submitted'], 'deployed']);
    expect([t.close.from, t.close.to]).toEqual([['deployed'], 'closed']);
    expect(t.revoke.to).toBe('revoked');
    expect(missingNote(t.revoke, { id: '1' })).toMatch(/撤销原因/);
    expect(missingNote(t.revoke, { id: '1', reason: '客户取消' })).toBeUndefined();
    expect(missingNote(t.deploy, { id: '1' })).toBeUndefined();
    expect(dispatchWorkflow.stateOf(3)).toBe('deployed');
    expect(dispatchWorkflow.stateOf(9)).toBeUndefined();
  });

  it('bill audit is one call whose body chooses approval or rejection', () => {
    const schema = transitionBodySchema(billWorkflow, 'audit');
    expect(schema.safeParse({ id: '12', billStatus: 2 }).success).toBe(true);
    expect(schema.safeParse({ id: '12', billStatus: 1 }).success).toBe(false);
    expect(schema.safeParse({ id: '12' }).success).toBe(false);
    expect(chosenTransition(billWorkflow, 'audit', { billStatus: 3 })?.[0]).toBe('reject');
    expect(missingNote(billWorkflow.transitions.reject, { auditOpinion: ' ' })).toMatch(/审核意见/);
    expect(chosenTransition(dispatchWorkflow, 'toDeploy', {})?.[0]).toBe('deploy');
  });

  it('seeds the buttons its transitions are gated by, beside the standard ones', () => {
    expect(workflowButtons(entities.dispatch)).toEqual([
      ['deploy', '派车', '/api/wdiov-vehteam/dispatch/toDeploy', 'Deploy'],
      ['revoke', '撤销', '/api/wdiov-vehteam/dispatch/revoke', 'Revoke'],
      ['close', '关闭', '/api/wdiov-vehteam/dispatch/close', 'Close'],
    ]);
    expect(workflowButtons(entities.bill)).toEqual([['audit', '审核', '/api/wdiov-vehteam/bill/audit', 'Audit']]);
    const find = (items: MenuSeed[]): MenuSeed | undefined => items.map((m) => (m.entity === 'bill' ? m : find(m.children ?? []))).find(Boolean);
    expect(find(menuTree())?.buttons).toEqual(workflowButtons(entities.bill));
  });

  it('computes a bill amount from quantity and unit price', () => {
    expect(billAmount(3, 7.335)).toBe(22.01);
    expect(billAmount(undefined, 2)).toBeUndefined();
  });
});
