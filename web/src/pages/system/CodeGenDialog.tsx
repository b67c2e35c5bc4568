import { Button } from 'primereact/button';
import type { GeneratedEntity } from '@wdiov/contracts/wire/generated-entity';
import { dataOf } from '../../crud/crud-api';
import { useCrudServices } from '../../crud/CrudServices';
import { downloadBlob } from '../../crud/download';
import { CallDialog } from '../../dialogs/CallDialog';
import { useDialogLoad } from '../../dialogs/use-dialog-load';
import { entityQueryKey } from '../../shared/query-keys';
import { useI18n } from '../../i18n/i18n';
import { seededRowCalls } from './RowCallScreen';

export const GEN = seededRowCalls('code', [{ button: 'gen', icon: 'pi pi-code' }])[0]!;

const download = (file: GeneratedEntity) =>
  downloadBlob(new Blob([`${file.content}\n// registry.ts: ${file.registryLine}\n// entities: ${file.registryEntry}\n`], { type: 'text/typescript' }), file.fileName);

/** Generates the entity definitions of the chosen code records and offers each file for download. */
export function CodeGenDialog({ ids, onClose }: { ids: string[]; onClose(): void }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  // The files generated for these models, to look at and download: made afresh each time the dialog opens.
  const [files, retry] = useDialogLoad(
    [...entityQueryKey('code'), 'generated', ids.join(',')],
    async () => (dataOf(await http.post(GEN.path, undefined, { params: { ids: ids.join(','), system: 'saber' } })) ?? []) as GeneratedEntity[],
  );
  return (
    <CallDialog
      header={`${GEN.name} (${ids.length})`}
      loaded={files}
      onRetry={retry}
      width="720px"
      saveLabel={t('codeGenDownloadAll')}
      saveIcon="pi pi-download"
      onSave={async () => {
        if (files.state === 'ready') files.data.forEach(download);
      }}
      onClose={onClose}
    >
      {(list) => (
        <table className="wd-dialog-table">
          <thead>
            <tr><th>{t('codeGenFile')}</th><th>{t('codeGenWarnings')}</th><th aria-label={t('crudActions')} /></tr>
          </thead>
          <tbody>
            {list.map((file) => (
              <tr key={file.fileName}>
                <td><code>{file.fileName}</code><br /><small>{file.codeName}</small></td>
                <td>{file.warnings.length ? file.warnings.join('; ') : '—'}</td>
                <td><Button link size="small" icon="pi pi-download" label={t('codeGenDownload')} aria-label={`${t('codeGenDownload')} ${file.fileName}`} onClick={() => download(file)} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </CallDialog>
  );
}
