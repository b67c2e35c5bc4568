import { useMemo, useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen, type ScreenProps } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { SideTree } from '../../crud/SideTree';
import { useI18n } from '../../i18n/i18n';
import { systemCalls } from './system-calls';

/**
 * Regions: a lazy tree by parent code (`lazy-tree?parentCode=`) beside the list of the chosen
 * region's children; an add there starts under it.
 */
function RegionScreen(props: ScreenProps) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const calls = useMemo(() => systemCalls(http), [http]);
  const [parentCode, setParentCode] = useState<string | undefined>();
  return (
    <div className="wd-split">
      <SideTree
        title={t('sysRegionTree')}
        // The GB/T 2260 division names are Chinese place names in either language, and say so.
        labelLang="zh-CN"
        lazy
        load={(node) => calls.regionChildren(node ? String(node.key) : undefined)}
        onSelect={(node) => setParentCode(node ? String(node.key) : undefined)}
      />
      <CrudPage {...props} params={{ parentCode_equal: parentCode }} formDefaults={parentCode ? { parentCode } : undefined} />
    </div>
  );
}

export default function RegionPage() {
  return <CrudScreen entityName="region" render={(props) => <RegionScreen {...props} />} />;
}
