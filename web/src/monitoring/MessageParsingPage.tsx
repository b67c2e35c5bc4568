import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useI18n } from '../i18n/i18n';
import { parseFrameHex } from './frame-fields';
import { FrameFieldsView } from './FrameFieldsView';
import { fetchMessageHex, fetchMessages, type MessageQuery } from './message-api';
import { useMonitoringServices } from './monitoring-services';
import { parseTimeSlot } from './time-slot';
import { PAGE_SIZES } from './use-record-list';
import type { Row } from './wire-parse';
import './monitoring.css';

const COMMANDS = [['', 'monAll'], ['1', 'monCmdLogin'], ['2', 'monCmdRealtime'], ['3', 'monCmdReissue'], ['4', 'monCmdLogout'], ['7', 'monCmdHeartbeat']] as const;

/** /alarmMessageParsing/index: a vehicle's raw frames, one decoded in the browser field by field. */
export default function MessageParsingPage() {
  const { t } = useI18n();
  const { http } = useMonitoringServices();
  const [search] = useSearchParams();
  const [draft, setDraft] = useState<MessageQuery>(() => ({ vin: search.get('vin') ?? '', slot: parseTimeSlot(search.get('timeSlot')), command: '' }));
  const [query, setQuery] = useState(draft);
  const [paging, setPaging] = useState({ current: 1, size: PAGE_SIZES[0] });
  const [page, setPage] = useState<{ records: Row[]; total: number }>({ records: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Row | null>(null);
  const [hex, setHex] = useState('');
  const parsed = useMemo(() => (hex ? parseFrameHex(hex) : null), [hex]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchMessages(http, query, paging.current, paging.size)
      .then((p) => live && setPage(p), () => live && setPage({ records: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [http, query, paging]);

  const open = async (row: Row) => {
    setSelected(row);
    try {
      setHex(await fetchMessageHex(http, row.id));
    } catch {
      setHex('');
    }
  };

  const range = draft.slot ? [new Date(draft.slot.start), new Date(draft.slot.end)] : null;
  return (
    <section className="wd-mon-page wd-msg">
      <form className="wd-mon-filter" onSubmit={(e) => (e.preventDefault(), setQuery(draft), setPaging((p) => ({ ...p, current: 1 })))}>
        <label>
          <span>VIN</span>
          <InputText name="vin" value={draft.vin} onChange={(e) => setDraft({ ...draft, vin: e.target.value })} />
        </label>
        <label>
          <span>{t('monTimeSlot')}</span>
          <Calendar
            value={range}
            selectionMode="range"
            showTime
            hourFormat="24"
            dateFormat="yy-mm-dd"
            onChange={(e) => {
              const [a, b] = (e.value as (Date | null)[] | null) ?? [];
              setDraft({ ...draft, slot: a && b ? { start: a.getTime(), end: b.getTime() } : null });
            }}
          />
        </label>
        <label>
          <span>{t('monCommand')}</span>
          <Dropdown value={draft.command} options={COMMANDS.map(([value, key]) => ({ value, label: t(key) }))} onChange={(e) => setDraft({ ...draft, command: e.value })} />
        </label>
        <div className="wd-mon-filter-actions">
          <Button size="small" type="submit" icon="pi pi-search" label={t('monSearch')} />
        </div>
      </form>
      <div className="wd-msg-body">
        <DataTable
          value={page.records}
          dataKey="id"
          size="small"
          lazy
          paginator
          first={(paging.current - 1) * paging.size}
          rows={paging.size}
          totalRecords={page.total}
          rowsPerPageOptions={PAGE_SIZES}
          onPage={(e) => setPaging({ current: (e.page ?? 0) + 1, size: e.rows })}
          loading={loading}
          selectionMode="single"
          selection={selected}
          onSelectionChange={(e) => e.value && void open(e.value as Row)}
          emptyMessage={t('monEmpty')}
        >
          <Column field="receivedTime" header={t('monReceivedTime')} />
          <Column field="dataTime" header={t('monDataTime')} />
          <Column field="vin" header="VIN" />
          <Column field="commandName" header={t('monCommand')} />
          <Column field="length" header={t('monLength')} />
        </DataTable>
        <div className="wd-msg-detail">
          <label className="wd-mon-field">
            <span>{t('monPasteHex')}</span>
            <InputTextarea rows={3} value={hex} onChange={(e) => setHex(e.target.value)} autoResize />
          </label>
          {parsed ? <FrameFieldsView parsed={parsed} hex={hex.replace(/\s+/g, '')} /> : <p className="wd-mon-empty">{t('monChooseFrame')}</p>}
        </div>
      </div>
    </section>
  );
}
