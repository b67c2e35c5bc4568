import { useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n';
import { exportValue } from './cell-format';
import { flattenForest, type PageData } from './crud-api';
import { toCsv } from './csv';
import type { DictMap } from './dictionaries';
import { downloadBlob, exportFileName } from './download';
import { ExportCancelled, fetchAllRows, type ExportProgress } from './export-rows';
import { labelText, type FieldEntry } from './field-defs';
import { toXlsx, XLSX_MIME } from './xlsx';
import { useCrudServices } from './CrudServices';

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportSource {
  title: string;
  columns: FieldEntry[];
  dicts: DictMap;
  fetchPage: (current: number, size: number) => Promise<PageData>;
}

/** Runs an export (all pages of the current filters, the visible columns) with progress and cancel. */
export function useExport(source: ExportSource) {
  const { notifier } = useCrudServices();
  const { t } = useI18n();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  async function run(format: ExportFormat): Promise<void> {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ fetched: 0, total: 0 });
    try {
      const records = await fetchAllRows(source.fetchPage, { signal: abort.signal, onProgress: setProgress });
      const headers = source.columns.map(([, def]) => labelText(def.label));
      // Tree lists come nested: every node becomes a row.
      const rows = flattenForest(records).map((row) => source.columns.map(([name, def]) => exportValue(name, def, row, source.dicts)));
      const blob =
        format === 'csv'
          ? new Blob([toCsv(headers, rows)], { type: 'text/csv;charset=utf-8' })
          : new Blob([toXlsx(source.title, headers, rows) as BlobPart], { type: XLSX_MIME });
      downloadBlob(blob, exportFileName(source.title, format));
      notifier.success(t('crudExportDone'));
    } catch (error) {
      if (error instanceof ExportCancelled) notifier.info(t('crudExportCancelled'));
      // Other failures were already shown by the HTTP client's error catalogue.
    } finally {
      controller.current = null;
      setProgress(null);
    }
  }

  return { progress, run, cancel: () => controller.current?.abort() };
}
