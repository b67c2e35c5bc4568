import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import type { FieldDef } from '@wdiov/contracts';
import type { AnyWorkflow } from '@wdiov/contracts/workflows/index';
import { useI18n } from '../i18n/i18n';
import type { ButtonSet } from '../crud/buttons';
import type { Row } from '../crud/crud-api';
import { useCrudServices } from '../crud/CrudServices';
import { labelText } from '../crud/field-defs';
import { NoteDialog } from './NoteDialog';
import { availableTransitions, createWorkflowApi, type Transition } from './workflow-api';

interface WorkflowActionsProps {
  workflow: AnyWorkflow;
  row: Row;
  buttons: ButtonSet;
  onDone(): void;
}

/**
 * A row's workflow actions: those its state allows and the user's buttons grant. A transition
 * taking a note asks for it (required ones must be filled); others ask for confirmation first.
 */
export function WorkflowActions({ workflow, row, buttons, onDone }: WorkflowActionsProps) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const api = useMemo(() => createWorkflowApi(http, workflow), [http, workflow]);
  const [asking, setAsking] = useState<Transition>();
  const [busy, setBusy] = useState(false);
  const id = String(row.id);

  const fire = async (transition: Transition, note?: string, values?: Row) => {
    setBusy(true);
    try {
      await api.fire(transition, id, note, values);
      notifier.success(t('workflowDone', { action: labelText(transition.label) }));
      setAsking(undefined);
      onDone();
    } catch {
      /* the HTTP client showed the server's message */
    } finally {
      setBusy(false);
    }
  };

  const start = (transition: Transition) => {
    // A transition with a note asks for it beside the fields it takes; the others are confirmed.
    if (transition.note) return setAsking(transition);
    confirmDialog({
      header: t('commonTip'),
      message: transition.confirm ? labelText(transition.confirm) : t('workflowConfirm', { action: labelText(transition.label) }),
      icon: 'pi pi-question-circle',
      acceptLabel: t('commonConfirm'),
      rejectLabel: t('commonCancel'),
      accept: () => void fire(transition),
    });
  };

  return (
    <>
      {availableTransitions(workflow, row, buttons).map(([name, transition]) => (
        <Button
          key={name}
          link
          size="small"
          icon={transition.icon}
          severity={transition.severity}
          label={labelText(transition.label)}
          data-action={name}
          onClick={() => start(transition)}
        />
      ))}
      {asking && (
        <NoteDialog
          transition={asking}
          fields={(asking.fields ?? []).map((name) => [name, workflow.entity.fields[name]!] as [string, FieldDef])}
          busy={busy}
          onCancel={() => setAsking(undefined)}
          onConfirm={(note, values) => void fire(asking, note, values)}
        />
      )}
    </>
  );
}
