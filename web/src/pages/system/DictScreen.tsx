import { useMemo, useState, type ComponentType } from 'react';
import { Button } from 'primereact/button';
import type { AnyEntity } from '@wdiov/contracts/entity/define-entity';
import type { ButtonSet } from '../../crud/buttons';
import type { Row } from '../../crud/crud-api';
import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen } from '../../crud/CrudScreen';
import { useCrudServices } from '../../crud/CrudServices';
import { patchEntity } from '../../crud/field-defs';
import { urlSource } from '../../crud/list-source';
import { useI18n } from '../../i18n/i18n';
import { rowName } from '../../i18n/seeded-text';

export type DictLayout = 'horizontal' | 'vertical';

/** Spec part 1 §2: the dialog is 880 wide; the operations ("menu") column 250 for parents, 300 for children. */
const DIALOG_WIDTH = 'min(880px, 95vw)';
const PARENT_MENU_WIDTH = 250;
const CHILD_MENU_WIDTH = 300;

/** isSealed toggles between 0 and 1 (spec §4): a switch rather than a select. */
const SEALED_TOGGLE = { kind: 'bool', dict: undefined } as const;

function DictView({ entity, buttons, layout }: { entity: AnyEntity; buttons: ButtonSet; layout: DictLayout }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const [parent, setParent] = useState<Row | null>(null);
  const base = entity.basePath;
  // Parents carry no parent and no key; children need a key (spec §5).
  const parentEntity = useMemo(() => patchEntity(entity, { parentId: null, dictKey: null, isSealed: SEALED_TOGGLE }), [entity]);
  const childEntity = useMemo(
    () => patchEntity(entity, { dictKey: { required: t('sysDictKeyRequired'), default: undefined }, isSealed: SEALED_TOGGLE }),
    [entity, t],
  );
  const parentSource = useMemo(() => urlSource(http, `${base}/parent-list`), [http, base]);
  const childSource = useMemo(() => urlSource(http, `${base}/child-list`, { tree: true, paged: false }), [http, base]);

  return (
    <div className={`wd-split${layout === 'vertical' ? ' is-stacked' : ''}`}>
      <CrudPage
        entity={parentEntity}
        buttons={buttons}
        source={parentSource}
        dialogWidth={DIALOG_WIDTH}
        actionsWidth={PARENT_MENU_WIDTH}
        heading={<div className="wd-crud-heading">{t('sysDictParents')}</div>}
        rowActions={(row) => (
          <Button link size="small" icon="pi pi-list" label={t('sysDictItems')} onClick={() => setParent(row)} />
        )}
      />
      {parent ? (
        <CrudPage
          key={String(parent.id)}
          entity={childEntity}
          buttons={buttons}
          source={childSource}
          params={{ parentId: String(parent.id) }}
          formDefaults={{ parentId: String(parent.id), code: parent.code }}
          dialogWidth={DIALOG_WIDTH}
          actionsWidth={CHILD_MENU_WIDTH}
          heading={<div className="wd-crud-heading">{t('sysDictItemsOf', { name: rowName(parent, String(parent.dictValue ?? '')) })}</div>}
        />
      ) : (
        <section className="wd-card wd-crud">
          <p className="wd-crud-empty">{t('sysDictChooseParent')}</p>
        </section>
      )}
    </div>
  );
}

const screens = new Map<string, ComponentType>();

/** Dictionary screens (dict or dict-biz): parents and the chosen parent's items, side by side or stacked. */
export function dictScreen(entityName: 'dict' | 'dictBiz', layout: DictLayout): ComponentType {
  const key = `${entityName}:${layout}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = function DictionaryScreen() {
      return <CrudScreen entityName={entityName} render={(props) => <DictView {...props} layout={layout} />} />;
    };
    screens.set(key, screen);
  }
  return screen;
}
