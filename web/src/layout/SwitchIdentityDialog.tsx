import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import type { DeptOption, RoleOption } from '../api/wire';
import { useAppActors } from '../app/AppActorsProvider';
import { FormField } from '../components/FormField';
import { useI18n, type MessageKey } from '../i18n/i18n';

/** Switch department and role (only offered when switch mode is on). */
export function SwitchIdentityDialog({ onClose }: { onClose: () => void }) {
  const { api, session } = useAppActors();
  const { t } = useI18n();
  const user = useSelector(session, (s) => s.context.user);
  const [depts, setDepts] = useState<DeptOption[]>([]);
  const [roles, setRoles] = useState<RoleOption[]>([]);
  const [deptId, setDeptId] = useState(user?.deptId ?? '');
  const [roleId, setRoleId] = useState(user?.roleId ?? '');
  const [errors, setErrors] = useState<{ dept?: MessageKey; role?: MessageKey }>({});

  useEffect(() => {
    const userId = user?.userId ?? '';
    api.system.deptOptions(userId).then(setDepts, () => setDepts([]));
    api.system.roleOptions(userId).then(setRoles, () => setRoles([]));
  }, [api, user?.userId]);

  const submit = () => {
    const found = { dept: deptId ? undefined : ('userDeptRequired' as const), role: roleId ? undefined : ('userRoleRequired' as const) };
    setErrors(found);
    if (found.dept || found.role) return;
    session.send({ type: 'SWITCH_IDENTITY', deptId, roleId });
    onClose();
  };

  return (
    <Dialog header={t('userSwitch')} visible style={{ width: 420 }} onHide={onClose} footer={<Button label={t('commonSubmit')} onClick={submit} />}>
      <FormField id="switch-dept" label={t('userDept')} required error={errors.dept ? t(errors.dept) : null}>
        <Dropdown inputId="switch-dept" value={deptId} options={depts} optionLabel="deptName" optionValue="id" onChange={(e) => setDeptId(e.value)} />
      </FormField>
      <FormField id="switch-role" label={t('userRole')} required error={errors.role ? t(errors.role) : null}>
        <Dropdown inputId="switch-role" value={roleId} options={roles} optionLabel="roleName" optionValue="id" onChange={(e) => setRoleId(e.value)} />
      </FormField>
    </Dialog>
  );
}
