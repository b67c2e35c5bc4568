import { describe, expect, it } from 'vitest';
import { billWorkflow, dispatchWorkflow, stockWorkflow } from '@wdiov/contracts/workflows/index';
import { ALL_BUTTONS, buttonSet } from '../crud/buttons';
import { availableTransitions, rowButtons, transitionBody } from './workflow-api';

const names = (list: [string, unknown][]) => list.map(([n]) => n);

describe('workflow actions of a row', () => {
  it('follow the row state', () => {
    expect(names(availableTransitions(dispatchWorkflow, { dispatchStatus: 1 }, ALL_BUTTONS))).toEqual(['submit']);
    expect(names(availableTransitions(dispatchWorkflow, { dispatchStatus: 2 }, ALL_BUTTONS))).toEqual(['deploy', 'revoke']);
    expect(names(availableTransitions(dispatchWorkflow, { dispatchStatus: 3 }, ALL_BUTTONS))).toEqual(['revoke', 'close']);
    expect(names(availableTransitions(dispatchWorkflow, { dispatchStatus: 5 }, ALL_BUTTONS))).toEqual([]);
    expect(names(availableTransitions(billWorkflow, { billStatus: 1 }, ALL_BUTTONS))).toEqual(['approve', 'reject']);
  });

  it('leave out the moves that other records make (a stock moves by its storage records, sells by a button)', () => {
    expect(names(availableTransitions(stockWorkflow, { pmStatus: 1 }, ALL_BUTTONS))).toEqual(['sell']);
    expect(names(availableTransitions(stockWorkflow, { pmStatus: 3 }, ALL_BUTTONS))).toEqual(['deliver', 'return']);
    expect(names(availableTransitions(stockWorkflow, { pmStatus: 2 }, ALL_BUTTONS))).toEqual([]);
    expect(names(availableTransitions(stockWorkflow, { pmStatus: 1 }, buttonSet({ vehicle_pm_add: true }, 'vehicle_pm')))).toEqual([]);
    expect(transitionBody(stockWorkflow, stockWorkflow.transitions.sell, '9')).toEqual({ id: '9', pmStatus: 3 });
  });

  it('are gated by the button codes the server granted', () => {
    const buttons = buttonSet({ dispatch_revoke: true }, 'dispatch');
    expect(names(availableTransitions(dispatchWorkflow, { dispatchStatus: 2 }, buttons))).toEqual(['revoke']);
    expect(names(availableTransitions(dispatchWorkflow, { dispatchStatus: 1 }, buttons))).toEqual([]);
    expect(names(availableTransitions(dispatchWorkflow, { dispatchStatus: 1 }, buttonSet({ dispatch_edit: true }, 'dispatch')))).toEqual(['submit']);
  });

  it('send the target state only where the call has several outcomes, and a note only when given', () => {
    const t = dispatchWorkflow.transitions;
    expect(transitionBody(dispatchWorkflow, t.deploy, '7', ' ')).toEqual({ id: '7' });
    expect(transitionBody(dispatchWorkflow, t.revoke, '7', ' late ')).toEqual({ id: '7', reason: 'late' });
    expect(transitionBody(dispatchWorkflow, t.submit, '7')).toEqual({ id: '7', dispatchStatus: 2 });
    expect(transitionBody(billWorkflow, billWorkflow.transitions.reject, '8', 'no receipt')).toEqual({ id: '8', billStatus: 3, auditOpinion: 'no receipt' });
  });

  it('hide editing once the record left its editable states', () => {
    expect(rowButtons(dispatchWorkflow, { dispatchStatus: 3 }, ALL_BUTTONS).edit).toBe(false);
    expect(rowButtons(dispatchWorkflow, { dispatchStatus: 4 }, ALL_BUTTONS).edit).toBe(true);
  });
});
