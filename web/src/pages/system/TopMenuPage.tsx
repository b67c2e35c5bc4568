import { useMemo } from 'react';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { treeAnswerToNodes } from '../../crud/tree-nodes';
import { useI18n } from '../../i18n/i18n';
import { GrantScreen } from './GrantScreen';
import { systemCalls } from './system-calls';

/** Top menus with the menu grant: which side menus each chosen top menu shows. */
function TopMenuScreen(props: ScreenProps) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const calls = useMemo(() => systemCalls(http), [http]);

  const load = async (topMenuIds: string[]) => {
    const [trees, keys] = await Promise.all([calls.grantTopTree(), calls.topTreeKeys(topMenuIds)]);
    return [{ label: t('sysGrantMenu'), nodes: treeAnswerToNodes(trees.menu ?? []), checked: keys.menu ?? [] }];
  };

  return (
    <GrantScreen
      {...props}
      action="setting"
      label={t('sysTopMenuGrant')}
      icon="pi pi-sitemap"
      load={load}
      save={(topMenuIds, [menuIds]) => calls.grantTopMenus({ topMenuIds, menuIds })}
    />
  );
}

export default function TopMenuPage() {
  return <CrudScreen entityName="topMenu" render={(props) => <TopMenuScreen {...props} />} />;
}
