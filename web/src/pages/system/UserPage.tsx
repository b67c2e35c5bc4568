import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import type { Row } from '../../crud/crud-api';
import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { SideTree } from '../../crud/SideTree';
import { useI18n } from '../../i18n/i18n';
import { confirmCall, idsOf, withSelection } from './screen-actions';
import { systemCalls } from './system-calls';
import { TreeGrantDialog } from './TreeGrantDialog';
import { PLATFORM, UserPlatformDialog } from './UserPlatformDialog';

/** Users: the dept tree filters the page by deptId; grant roles, reset password and unlock on the chosen rows. */
export function UserScreen({ entity, buttons }: ScreenProps) {
  const { http, notifier } = useCrudServices();
  const { t } = useI18n();
  const calls = useMemo(() => systemCalls(http), [http]);
  const [deptId, setDeptId] = useState<string | undefined>();
  const [granting, setGranting] = useState<{ rows: Row[]; done: () => void } | null>(null);
  const [platformOf, setPlatformOf] = useState<Row>();

  const toolbar = ({ selection, reload }: { selection: Row[]; reload: () => void }) => (
    <>
      {buttons.has('role') && (
        <Button size="small" icon="pi pi-users" label={t('sysUserGrantRole')} severity="secondary" outlined
          onClick={() => withSelection(notifier, selection, () => setGranting({ rows: selection, done: reload }))} />
      )}
      {buttons.has('reset') && (
        <Button size="small" icon="pi pi-key" label={t('sysUserResetPassword')} severity="secondary" outlined
          onClick={() => withSelection(notifier, selection, (ids) => confirmCall(notifier, t('sysUserResetConfirm'), () => calls.resetPasswords(ids), reload))} />
      )}
      {buttons.has('unlock') && (
        <Button size="small" icon="pi pi-lock-open" label={t('sysUserUnlock')} severity="secondary" outlined
          onClick={() => withSelection(notifier, selection, (ids) => confirmCall(notifier, t('sysUserUnlockConfirm'), () => calls.unlockUsers(ids), reload))} />
      )}
    </>
  );

  // One user's own roles start checked; for several, the grant starts empty (it replaces theirs).
  const currentRoles = (rows: Row[]) => (rows.length === 1 ? String(rows[0].roleId ?? '').split(',').filter(Boolean) : []);

  return (
    <div className="wd-split">
      <SideTree title={t('sysDeptTree')} load={() => calls.deptTree()} onSelect={(node) => setDeptId(node ? String(node.key) : undefined)} />
      <CrudPage entity={entity} buttons={buttons} params={{ deptId }} toolbar={toolbar}
        rowActions={(row) => buttons.has(PLATFORM.button) && (
          <Button link size="small" icon={PLATFORM.icon} label={PLATFORM.name} data-action={PLATFORM.button} onClick={() => setPlatformOf(row)} />
        )} />
      {platformOf && <UserPlatformDialog user={platformOf} onClose={() => setPlatformOf(undefined)} />}
      {granting && (
        <TreeGrantDialog
          header={t('sysUserGrantRole')}
          load={async () => [{ label: t('sysUserGrantRole'), nodes: await calls.roleTree(), checked: currentRoles(granting.rows), independent: true }]}
          onSave={([roleIds]) => calls.grantUserRoles(idsOf(granting.rows), roleIds).then(granting.done)}
          onClose={() => setGranting(null)}
        />
      )}
    </div>
  );
}

export default function UserPage() {
  return <CrudScreen entityName="user" render={(props) => <UserScreen {...props} />} />;
}
