import { useEffect, useState, type ChangeEvent } from 'react';
import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import type { UserProfile } from '@wdiov/contracts/api/user.route';
import { useAppActors } from '../../app/AppActorsProvider';
import { FormField } from '../../components/FormField';
import { useI18n, type MessageKey } from '../../i18n/i18n';
import { DEFAULT_AVATAR } from '../../session/session-user';
import { trimForm, validateAvatarFile, validateEmail, validatePhoneB } from '../../util/validators';

type InfoFields = Pick<UserProfile, 'avatar' | 'realName' | 'name' | 'phone' | 'email'>;
type Errors = Partial<Record<keyof InfoFields, MessageKey>>;

const EMPTY: InfoFields = { avatar: '', realName: '', name: '', phone: '', email: '' };

export function validateProfile(form: InfoFields): Errors {
  const errors: Errors = {};
  if (!form.realName.trim()) errors.realName = 'profileRealNameRequired';
  if (!form.name.trim()) errors.name = 'profileNameRequired';
  const phone = validatePhoneB(form.phone.trim());
  if (phone) errors.phone = phone;
  const email = validateEmail(form.email.trim());
  if (email) errors.email = email;
  return errors;
}

export function ProfileInfoForm() {
  const { api, notifier } = useAppActors();
  const { t } = useI18n();
  const [form, setForm] = useState<InfoFields>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.user.info().then(
      (profile) => setForm({ avatar: profile.avatar, realName: profile.realName, name: profile.name, phone: profile.phone, email: profile.email }),
      () => undefined,
    );
  }, [api]);

  const set = (field: keyof InfoFields) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = validateAvatarFile(file);
    if (problem) return notifier.error(t(problem));
    set('avatar')(await api.user.uploadFile(file));
  };

  const save = async () => {
    const found = validateProfile(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await api.user.updateInfo(trimForm(form));
      notifier.success(t('profileUpdated'));
    } finally {
      setSaving(false);
    }
  };

  const text = (field: Exclude<keyof InfoFields, 'avatar'>, label: MessageKey, required = true) => (
    <FormField id={`profile-${field}`} label={t(label)} required={required} error={errors[field] ? t(errors[field]) : null}>
      <InputText id={`profile-${field}`} value={form[field]} onChange={(e) => set(field)(e.target.value)} onBlur={() => setErrors(validateProfile(form))} />
    </FormField>
  );

  return (
    <div className="wd-profile-form">
      <FormField id="profile-avatar" label={t('profileAvatar')}>
        <div className="wd-avatar-upload">
          <Avatar image={form.avatar || DEFAULT_AVATAR} size="xlarge" shape="circle" />
          <label className="p-button p-button-outlined p-button-sm">
            {t('profileUpload')}
            <input id="profile-avatar" type="file" accept="image/jpeg,image/png" hidden onChange={(e) => void upload(e)} />
          </label>
          <small>{t('profileAvatarHint')}</small>
        </div>
      </FormField>
      {text('realName', 'profileRealName')}
      {text('name', 'profileName')}
      {text('phone', 'profilePhone')}
      {text('email', 'profileEmail', false)}
      <Button label={t('commonSubmit')} loading={saving} onClick={() => void save()} />
    </div>
  );
}
