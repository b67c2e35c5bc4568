import { useState } from 'react';
import { Button } from 'primereact/button';
import type { Row } from '../../crud/crud-api';
import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useI18n } from '../../i18n/i18n';
import { ModelPrototypeDialog, PROTOTYPE, TableImportDialog } from './ModelDialogs';

/** Data models: the generic list, a model imported from an existing table (with the add button), and each model's field design. */
export function ModelScreen({ entity, buttons }: ScreenProps) {
  const { t } = useI18n();
  const [designing, setDesigning] = useState<Row>();
  const [importing, setImporting] = useState<() => void>();
  return (
    <>
      <CrudPage
        entity={entity}
        buttons={buttons}
        toolbar={({ reload }) =>
          buttons.add && (
            <Button size="small" severity="secondary" outlined icon="pi pi-file-import" label={t('tableImportTitle')} data-action="table-import" onClick={() => setImporting(() => reload)} />
          )
        }
        rowActions={(row) =>
          buttons.has(PROTOTYPE.button) && (
            <Button link size="small" icon={PROTOTYPE.icon} label={PROTOTYPE.name} data-action={PROTOTYPE.button} onClick={() => setDesigning(row)} />
          )
        }
      />
      {designing && <ModelPrototypeDialog model={designing} onClose={() => setDesigning(undefined)} />}
      {importing && <TableImportDialog onClose={() => setImporting(undefined)} onSaved={importing} />}
    </>
  );
}

export default function ModelPage() {
  return <CrudScreen entityName="model" render={(props) => <ModelScreen {...props} />} />;
}
