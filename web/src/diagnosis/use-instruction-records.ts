import { useCallback } from 'react';
import type { Row } from '../monitoring/wire-parse';
import { usePagedRows } from '../monitoring/use-record-list';
import { useDiagnosisServices } from './diagnosis-services';
import { fetchInstructionPage, type RecordQuery } from './instruction-api';
import { mergeNewest } from './instruction-record';

/** The instruction records, paged; a newer request wins over a slower older one (as the monitoring lists). */
export function useInstructionRecords(query: RecordQuery) {
  const { http } = useDiagnosisServices();
  const fetchPage = useCallback(
    (q: RecordQuery, current: number, size: number) => fetchInstructionPage(http, q, current, size),
    [http],
  );
  const { update, ...list } = usePagedRows(['instructRecord', 'page'], fetchPage, query);

  /**
   * Records just issued go on top at once, without a reload: the list is newest first, and a
   * reload while other calls are running could drop a row that has not been committed yet.
   */
  const prepend = useCallback((fresh: Row[]) => {
    // Every issue writes new records, so each one adds to the total.
    update((page) => ({ records: mergeNewest(fresh, page.records), total: page.total + fresh.length }));
  }, [update]);

  return { ...list, prepend };
}
