import { Tag } from 'primereact/tag';
import { useI18n } from '../i18n/i18n';
import { STATUS_LOOK } from './record-labels';

/** An instruction's status as a coloured tag (the same colours in the table, the results and the detail). */
export function StatusTag({ status }: { status: number }) {
  const { t } = useI18n();
  const look = STATUS_LOOK[status];
  if (!look) return <span>{status || ''}</span>;
  return <Tag severity={look.severity} value={t(look.label)} className="wd-diag-status" data-status={status} />;
}
