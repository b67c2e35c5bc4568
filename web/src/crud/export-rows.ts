import { MAX_PAGE_SIZE, type PageData } from './crud-api';

export interface ExportProgress {
  fetched: number;
  total: number;
}

export class ExportCancelled extends Error {
  constructor() {
    super('export cancelled');
    this.name = 'ExportCancelled';
  }
}

/** A page guard: a server that keeps answering full pages cannot loop us forever. */
const MAX_PAGES = 2000;

/**
 * Every row of a list, page by page (size 500, the gateway's maximum), reporting progress
 * after each page and stopping at once when the signal is aborted (the dialog's cancel).
 */
export async function fetchAllRows(
  fetchPage: (current: number, size: number) => Promise<PageData>,
  options: { signal?: AbortSignal; onProgress?: (progress: ExportProgress) => void; pageSize?: number } = {},
): Promise<PageData['records']> {
  const size = options.pageSize ?? MAX_PAGE_SIZE;
  const rows: PageData['records'] = [];
  for (let current = 1; current <= MAX_PAGES; current += 1) {
    if (options.signal?.aborted) throw new ExportCancelled();
    const page = await fetchPage(current, size);
    if (options.signal?.aborted) throw new ExportCancelled();
    rows.push(...page.records);
    const total = Math.max(page.total, rows.length);
    options.onProgress?.({ fetched: rows.length, total });
    if (page.records.length < size || rows.length >= total) break;
  }
  return rows;
}
