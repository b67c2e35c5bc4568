import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTableExpandedRows } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n } from '../i18n/i18n';
import { errorLog, type ErrorLogEntry } from '../util/error-log';
import { useErrorLog } from './use-error-log';

/** Full-screen local error log: type, address, content, time; the stack expands per row. */
export default function LogDialog({ onClose }: { onClose: () => void }) {
  const { api, notifier } = useAppActors();
  const { t } = useI18n();
  const logs = useErrorLog();
  const [expanded, setExpanded] = useState<DataTableExpandedRows | ErrorLogEntry[]>([]);

  const upload = () =>
    confirmDialog({
      header: t('commonTip'),
      message: t('logUploadConfirm'),
      accept: async () => {
        await api.system.sendLogs(logs);
        errorLog.clear();
        notifier.success(t('logUploadDone'));
      },
    });

  const clear = () =>
    confirmDialog({
      header: t('commonTip'),
      message: t('logClearConfirm'),
      accept: () => {
        errorLog.clear();
        notifier.success(t('logClearDone'));
      },
    });

  const footer = (
    <>
      <Button label={t('logUpload')} icon="pi pi-upload" disabled={logs.length === 0} onClick={upload} />
      <Button label={t('logClear')} icon="pi pi-trash" severity="danger" outlined disabled={logs.length === 0} onClick={clear} />
    </>
  );

  return (
    <Dialog header={t('logTitle')} visible maximized onHide={onClose} footer={footer}>
      <DataTable
        pt={{ table: { 'aria-label': t('logTitle') } }}
        value={logs}
        size="small"
        dataKey="time"
        emptyMessage={t('logEmpty')}
        expandedRows={expanded}
        onRowToggle={(e) => setExpanded(e.data)}
        rowExpansionTemplate={(row: ErrorLogEntry) => <pre className="wd-log-stack">{row.stack || row.info}</pre>}
      >
        <Column expander style={{ width: '3rem' }} header={t('logStack')} />
        <Column field="type" header={t('logType')} style={{ width: '10rem' }} />
        <Column field="url" header={t('logUrl')} />
        <Column field="message" header={t('logMessage')} />
        <Column field="time" header={t('logTime')} style={{ width: '12rem' }} />
      </DataTable>
    </Dialog>
  );
}
