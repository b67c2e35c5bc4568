import { useState } from 'react';
import { InputTextarea } from 'primereact/inputtextarea';
import { entities } from '@wdiov/contracts/entities/registry';
import { userPlatformDetailRoute, userUpdatePlatformRoute } from '@wdiov/contracts/api/user.route';
import { callRoute } from '../../api/call-route';
import type { Row } from '../../crud/crud-api';
import { useCrudServices } from '../../crud/CrudServices';
import { CallDialog } from '../../dialogs/CallDialog';
import { FormField } from '../../components/FormField';
import { useFieldForm } from '../../dialogs/use-field-form';
import { useDialogLoad } from '../../dialogs/use-dialog-load';
import { entityQueryKey } from '../../shared/query-keys';
import { useI18n } from '../../i18n/i18n';
import { seededRowCalls } from './RowCallScreen';

export const PLATFORM = seededRowCalls('user', [{ button: 'platform', icon: 'pi pi-th-large' }])[0]!;
const EXT_MAX = 2000;

/** The extension of a user on one platform: blank, or a JSON object of at most 2,000 characters. */
export function platformExtMessage(text: string, t: ReturnType<typeof useI18n>['t']): string | undefined {
  if (text.trim() === '') return undefined;
  if (text.length > EXT_MAX) return t('platformExtTooLong', { limit: String(EXT_MAX) });
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? undefined : t('platformExtInvalid');
  } catch {
    return t('platformExtInvalid');
  }
}

/** A user's settings per platform (update-platform): the platform, and its extension as JSON, loaded for the platform chosen. */
export function UserPlatformDialog({ user, onClose }: { user: Row; onClose(): void }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const form = useFieldForm(entities.user, ['userType'], { userType: Number(user.userType ?? 1) }, ['userType']);
  const userType = String(form.values.userType ?? '');
  const [ext, setExt] = useState('');
  const [error, setError] = useState<string>();
  const [loaded, retry] = useDialogLoad(
    [...entityQueryKey('user'), 'platform', String(user.id), userType],
    () => callRoute(http, userPlatformDetailRoute, { query: { id: String(user.id), ...(userType ? { userType } : {}) } }),
    (detail) => setExt(String(detail.userExt ?? '')),
  );
  return (
    <CallDialog
      header={`${PLATFORM.name} · ${String(user.account ?? user.realName ?? '')}`}
      loaded={loaded}
      onRetry={retry}
      validate={() => {
        const message = form.validate() ? platformExtMessage(ext, t) : t('dialogFixFields');
        setError(message);
        return message;
      }}
      onSave={() => callRoute(http, userUpdatePlatformRoute, { query: { userId: String(user.id), userType, userExt: ext.trim() } })}
      onClose={onClose}
    >
      {() => (
        <>
          {form.fields}
          <FormField id="dialog-userExt" label={t('platformExt')} error={error}>
            <InputTextarea id="dialog-userExt" rows={6} value={ext} invalid={Boolean(error)} placeholder='{"key": "value"}'
              onChange={(e) => setExt(e.target.value)} onBlur={() => setError(platformExtMessage(ext, t))} />
          </FormField>
        </>
      )}
    </CallDialog>
  );
}
