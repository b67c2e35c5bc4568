import { tenantDatasourceRoute, tenantPackageSettingRoute, tenantSettingRoute } from '@wdiov/contracts/api/tenant.route';
import { entities } from '@wdiov/contracts/entities/registry';
import { callRoute } from '../../api/call-route';
import { dataOf, type Row } from '../../crud/crud-api';
import { useCrudServices } from '../../crud/CrudServices';
import { CallDialog } from '../../dialogs/CallDialog';
import { useFieldForm } from '../../dialogs/use-field-form';
import { useDialogLoad } from '../../dialogs/use-dialog-load';
import { entityQueryKey } from '../../shared/query-keys';
import { useI18n } from '../../i18n/i18n';
import { nameText } from '../../i18n/seeded-text';
import { seededRowCalls } from './RowCallScreen';
import { idsOf } from './screen-actions';

export const [SETTING, DATASOURCE, PACKAGE] = seededRowCalls('tenant', [
  { button: 'setting', icon: 'pi pi-sliders-h' },
  { button: 'datasource', icon: 'pi pi-server' },
  { button: 'package', icon: 'pi pi-box' },
]) as [ReturnType<typeof seededRowCalls>[number], ReturnType<typeof seededRowCalls>[number], ReturnType<typeof seededRowCalls>[number]];

interface TenantDialogProps {
  onClose(): void;
  onSaved(): void;
}

/** The account quota and expiry of the chosen tenants (tenant/setting): at least one of the two; one tenant's start as they are. */
export function TenantSettingDialog({ rows, onClose, onSaved }: TenantDialogProps & { rows: Row[] }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const ids = idsOf(rows);
  const one = rows.length === 1 ? rows[0]! : {};
  const form = useFieldForm(entities.tenant, ['accountNumber', 'expireTime'], { accountNumber: one.accountNumber ?? null, expireTime: one.expireTime ?? '' });
  return (
    <CallDialog
      header={`${SETTING.name} (${ids.length})`}
      validate={() => {
        if (!form.validate()) return t('dialogFixFields');
        const values = form.wire();
        return values.accountNumber === undefined && values.expireTime === undefined ? t('tenantSettingEmpty') : undefined;
      }}
      onSave={() => callRoute(http, tenantSettingRoute, { query: { ids: ids.join(','), ...(form.wire() as Record<string, string>) } }).then(onSaved)}
      onClose={onClose}
    >
      {() => (
        <>
          <p className="wd-dialog-state">{t('tenantSettingHint')}</p>
          {form.fields}
        </>
      )}
    </CallDialog>
  );
}

/** The data source a tenant's data lives in (tenant/datasource). */
export function TenantDatasourceDialog({ tenant, onClose, onSaved }: TenantDialogProps & { tenant: Row }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const form = useFieldForm(entities.tenant, ['datasourceId'], { datasourceId: tenant.datasourceId ?? '' }, ['datasourceId']);
  return (
    <CallDialog
      header={`${DATASOURCE.name} · ${nameText(String(tenant.tenantName ?? ''))}`}
      validate={() => (form.validate() ? undefined : t('dialogFixFields'))}
      onSave={() => callRoute(http, tenantDatasourceRoute, { query: { tenantId: String(tenant.tenantId), datasourceId: String(form.wire().datasourceId) } }).then(onSaved)}
      onClose={onClose}
    >
      {() => form.fields}
    </CallDialog>
  );
}

/** The product package of a tenant (tenant/package-setting) with the menus it grants; none clears it. */
export function TenantPackageDialog({ tenant, onClose, onSaved }: TenantDialogProps & { tenant: Row }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const form = useFieldForm(entities.tenant, ['packageId'], { packageId: tenant.packageId ?? '' });
  const packageId = String(form.values.packageId ?? '');
  const [menus] = useDialogLoad([...entityQueryKey('tenantPackage'), 'menus', packageId], async () => {
    if (!packageId) return 0;
    const pkg = (dataOf(await http.get(`${entities.tenantPackage.basePath}/detail`, { id: packageId })) ?? {}) as Row;
    return String(pkg.menuId ?? '').split(',').filter(Boolean).length;
  });
  return (
    <CallDialog
      header={`${PACKAGE.name} · ${nameText(String(tenant.tenantName ?? ''))}`}
      onSave={() => callRoute(http, tenantPackageSettingRoute, { query: { tenantId: String(tenant.tenantId), ...(packageId ? { packageId } : {}) } }).then(onSaved)}
      onClose={onClose}
    >
      {() => (
        <>
          {form.fields}
          <p className="wd-dialog-state" data-testid="package-menus">
            {!packageId ? t('tenantPackageNone') : menus.state === 'ready' ? t('tenantPackageMenus', { count: String(menus.data) }) : menus.state === 'failed' ? menus.message : t('commonLoading')}
          </p>
        </>
      )}
    </CallDialog>
  );
}
