import { confirmDialog } from 'primereact/confirmdialog';
import type { Notifier } from '../../api/notifier';
import type { Row } from '../../crud/crud-api';
import { t } from '../../i18n/i18n';

export const idsOf = (rows: Row[]): string[] => rows.map((r) => String(r.id));

/** Actions on the chosen rows warn when none is chosen (spec §5), as batch delete does. */
export function withSelection(notifier: Notifier, rows: Row[], action: (ids: string[]) => void): void {
  if (rows.length === 0) notifier.warning(t('crudSelectOne'));
  else action(idsOf(rows));
}

/** Asks first, runs the call, then toasts success and refreshes the list. */
export function confirmCall(notifier: Notifier, message: string, call: () => Promise<unknown>, done: () => void): void {
  confirmDialog({
    header: t('commonTip'),
    message,
    icon: 'pi pi-exclamation-triangle',
    acceptLabel: t('commonConfirm'),
    rejectLabel: t('commonCancel'),
    accept: async () => {
      try {
        await call();
        notifier.success(t('crudOperationDone'));
        done();
      } catch {
        /* shown by the HTTP client */
      }
    },
  });
}
