import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useI18n } from '../i18n/i18n';
import type { ExportProgress } from './export-rows';

/** Rows fetched out of the total while an export pages through the list; cancel stops it. */
export function ExportDialog({ progress, onCancel }: { progress: ExportProgress | null; onCancel: () => void }) {
  const { t } = useI18n();
  const percent = progress && progress.total > 0 ? Math.round((progress.fetched / progress.total) * 100) : 0;
  return (
    <Dialog
      header={t('crudExportTitle')}
      visible={progress !== null}
      onHide={onCancel}
      closable={false}
      style={{ width: 'min(420px, 95vw)' }}
      footer={<Button label={t('commonCancel')} severity="secondary" outlined onClick={onCancel} />}
    >
      <ProgressBar value={percent} mode={progress?.total ? 'determinate' : 'indeterminate'} style={{ height: 8 }} />
      <p className="wd-crud-export-text">
        {t('crudExportProgress', { fetched: progress?.fetched ?? 0, total: progress?.total ?? 0 })}
      </p>
    </Dialog>
  );
}
