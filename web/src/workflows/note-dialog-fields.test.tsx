import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { dispatchWorkflow, type FieldDef } from '@wdiov/contracts';
import { NoteDialog } from './NoteDialog';

describe('a transition that takes fields from the caller', () => {
  it('asks for them beside its remark and sends what was filled', () => {
    const deploy = dispatchWorkflow.transitions.deploy;
    const fields = (deploy.fields ?? []).map((n) => [n, dispatchWorkflow.entity.fields[n]] as [string, FieldDef]);
    const onConfirm = vi.fn();
    render(<NoteDialog transition={deploy} fields={fields} busy={false} onCancel={() => undefined} onConfirm={onConfirm} />);
    const odometer = screen.getByLabelText('出车里程(km)');
    fireEvent.change(odometer, { target: { value: '1200.5' } });
    fireEvent.blur(odometer);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledWith('', { departOdometer: 1200.5 });
  });
});
