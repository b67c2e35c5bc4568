import { useEffect, useMemo, useState } from 'react';
import type { AnyWorkflow, TrailEntry } from '@wdiov/contracts/workflows/index';
import { useI18n } from '../i18n/i18n';
import { useCrudServices } from '../crud/CrudServices';
import { labelText } from '../crud/field-defs';
import { createWorkflowApi, type Transition } from './workflow-api';
import './workflows.css';

/** The audit trail of one record, oldest first: who moved it from which state to which, when, and why. */
export function WorkflowTrail({ workflow, id }: { workflow: AnyWorkflow; id: string }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const api = useMemo(() => createWorkflowApi(http, workflow), [http, workflow]);
  const [entries, setEntries] = useState<TrailEntry[]>();
  useEffect(() => {
    let live = true;
    api.trail(id).then((rows) => live && setEntries(rows), () => live && setEntries([]));
    return () => {
      live = false;
    };
  }, [api, id]);
  const state = (value: number) => {
    const name = workflow.stateOf(value);
    return name ? labelText(workflow.states[name]!.label) : String(value);
  };
  const action = (name: string) => {
    const transition = (workflow.transitions as Record<string, Transition>)[name];
    return transition ? labelText(transition.label) : name;
  };
  return (
    <section className="wd-workflow-trail" aria-label={t('workflowTrail')}>
      <h4>{t('workflowTrail')}</h4>
      {entries === undefined ? null : entries.length === 0 ? (
        <p className="wd-workflow-trail-empty">{t('workflowTrailEmpty')}</p>
      ) : (
        <ol>
          {entries.map((e) => (
            <li key={e.id}>
              <span className="wd-workflow-trail-time">{e.createTime}</span>
              <strong>{action(e.action)}</strong>
              <span>{t('workflowTrailMove', { from: state(e.fromState), to: state(e.toState) })}</span>
              <span className="wd-workflow-trail-user">{e.userName}</span>
              {e.remark && <q>{e.remark}</q>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
