import { useState } from 'react';
import { Button } from 'primereact/button';
import { Password } from 'primereact/password';
import type { PasswordChange } from '../../api/user-api';
import { useAppActors } from '../../app/AppActorsProvider';
import { FormField } from '../../components/FormField';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { hashPassword } from '../../util/password-hash';

type Errors = Partial<Record<keyof PasswordChange, MessageKey>>;
const EMPTY: PasswordChange = { oldPassword: '', newPassword: '', newPassword1: '' };
const REQUIRED: Record<keyof PasswordChange, MessageKey> = {
  oldPassword: 'profileOldPasswordRequired',
  newPassword: 'profileNewPasswordRequired',
  newPassword1: 'profileNewPassword1Required',
};
const LABELS: Record<keyof PasswordChange, MessageKey> = {
  oldPassword: 'profileOldPassword',
  newPassword: 'profileNewPassword',
  newPassword1: 'profileNewPassword1',
};

export function validatePasswordChange(form: PasswordChange): Errors {
  const errors: Errors = {};
  for (const field of Object.keys(REQUIRED) as Array<keyof PasswordChange>) {
    if (!form[field]) errors[field] = REQUIRED[field];
  }
  if (!errors.newPassword1 && form.newPassword !== form.newPassword1) errors.newPassword1 = 'registerPasswordMismatch';
  return errors;
}

/** All three values travel md5-hashed. */
export function ChangePasswordForm() {
  const { api, notifier } = useAppActors();
  const { t } = useI18n();
  const [form, setForm] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const found = validatePasswordChange(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await api.user.updatePassword({
        oldPassword: hashPassword(form.oldPassword),
        newPassword: hashPassword(form.newPassword),
        newPassword1: hashPassword(form.newPassword1),
      });
      notifier.success(t('profilePasswordUpdated'));
      setForm(EMPTY);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="wd-profile-form">
      {(Object.keys(LABELS) as Array<keyof PasswordChange>).map((field) => (
        <FormField key={field} id={`password-${field}`} label={t(LABELS[field])} required error={errors[field] ? t(errors[field]) : null}>
          <Password
            inputId={`password-${field}`}
            value={form[field]}
            feedback={false}
            toggleMask
            onChange={(e) => setForm((f) => ({ ...f, [field]: e.target.value }))}
          />
        </FormField>
      ))}
      <Button label={t('commonSubmit')} loading={saving} onClick={() => void save()} />
    </div>
  );
}
