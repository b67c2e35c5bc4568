import { CrudPage } from '../../crud/CrudPage';
import { CrudScreen } from '../../crud/CrudScreen';
import { useI18n } from '../../i18n/i18n';

/** A package holds menus with their buttons: checking a menu takes its subtree, a button keeps its menu. */
const CASCADE = ['menuId'];

/**
 * Tenant product packages: the menus are chosen in a checkbox menu tree (the generic select of a
 * multiple reference to a tree entity) and hidden in the table; no view button (spec §6), and
 * every change answers `操作成功!` (spec §8).
 */
export default function TenantPackagePage() {
  const { t } = useI18n();
  return (
    <CrudScreen
      entityName="tenantPackage"
      render={(props) => (
        <CrudPage
          {...props}
          buttons={{ ...props.buttons, view: false }}
          successMessage={t('crudOperationDone')}
          cascade={CASCADE}
        />
      )}
    />
  );
}
