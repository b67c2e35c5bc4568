import { Button } from 'primereact/button';
import { useI18n } from '../i18n/i18n';

/** Search (the form's submit) and, when given, Reset: the buttons ending every filter bar. */
export function FilterActions({ onReset }: { onReset?: () => void }) {
  const { t } = useI18n();
  return (
    <div className="wd-mon-filter-actions">
      <Button size="small" type="submit" icon="pi pi-search" label={t('monSearch')} />
      {onReset && <Button size="small" type="button" outlined icon="pi pi-refresh" label={t('monReset')} onClick={onReset} />}
    </div>
  );
}
