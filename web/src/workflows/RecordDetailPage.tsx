import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import { workflowOf } from '@wdiov/contracts/workflows/index';
import { useI18n } from '../i18n/i18n';
import { cellText } from '../crud/cell-format';
import { createCrudApi, type Row } from '../crud/crud-api';
import { CrudScreen } from '../crud/CrudScreen';
import { useCrudServices } from '../crud/CrudServices';
import { useDictionaries } from '../crud/dictionaries';
import { formFields, labelText } from '../crud/field-defs';
import { WorkflowTrail } from './WorkflowTrail';
import './workflows.css';

/** One record (`?id=`) of an entity on a page of its own: its fields as the view form shows them, and its trail. */
export function RecordDetail({ entity }: { entity: AnyEntity }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const api = useMemo(() => createCrudApi(http, entity), [http, entity]);
  const dicts = useDictionaries(http, entity);
  const [record, setRecord] = useState<Row | null | undefined>();
  useEffect(() => {
    let live = true;
    setRecord(undefined);
    if (!id) return setRecord(null);
    api.detail(id).then((row) => live && setRecord(row ?? null), () => live && setRecord(null));
    return () => {
      live = false;
    };
  }, [api, id]);
  const workflow = workflowOf(entity);
  const title = labelText(entity.title);
  return (
    <section className="wd-record-detail" aria-label={title}>
      <h3>{title}</h3>
      {record === null && <p className="wd-workflow-trail-empty">{t('recordDetailMissing')}</p>}
      {record && (
        <>
          <dl>
            {formFields(entity, 'view').map(([name, def]) => (
              <div key={name}>
                <dt>{labelText(def.label)}</dt>
                <dd>{cellText(name, def, record, dicts) || '—'}</dd>
              </div>
            ))}
          </dl>
          {workflow && <WorkflowTrail workflow={workflow} id={id} />}
        </>
      )}
    </section>
  );
}

/** The routed detail page of an entity (`/repairRecordDetails/index?id=` …), with the services and buttons of its screen. */
export function recordDetailPage(entityName: string): ComponentType {
  return function RecordDetailPage() {
    return <CrudScreen entityName={entityName} render={({ entity }) => <RecordDetail entity={entity} />} />;
  };
}
