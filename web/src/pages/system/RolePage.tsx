import { useMemo } from 'react';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { treeAnswerToNodes } from '../../crud/tree-nodes';
import { useI18n } from '../../i18n/i18n';
import { GrantScreen } from './GrantScreen';
import { systemCalls } from './system-calls';

/** Roles (a tree table) with the grant of menus, data scopes and API scopes to the chosen roles. */
export function RoleScreen(props: ScreenProps) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const calls = useMemo(() => systemCalls(http), [http]);

  const load = async (roleIds: string[]) => {
    const [trees, keys] = await Promise.all([calls.grantTree(), calls.roleTreeKeys(roleIds)]);
    const tab = (label: string, kind: 'menu' | 'dataScope' | 'apiScope') => ({
      label,
      nodes: treeAnswerToNodes(trees[kind] ?? []),
      checked: keys[kind] ?? [],
    });
    return [tab(t('sysGrantMenu'), 'menu'), tab(t('sysGrantDataScope'), 'dataScope'), tab(t('sysGrantApiScope'), 'apiScope')];
  };

  return (
    <GrantScreen
      {...props}
      action="grant"
      label={t('sysRoleGrant')}
      icon="pi pi-shield"
      load={load}
      save={(roleIds, [menuIds, dataScopeIds, apiScopeIds]) => calls.grantRoles({ roleIds, menuIds, dataScopeIds, apiScopeIds })}
    />
  );
}

export default function RolePage() {
  return <CrudScreen entityName="role" render={(props) => <RoleScreen {...props} />} />;
}
