import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useI18n } from '../i18n/i18n';
import { parseFrameHex } from './frame-fields';
import { FilterActions } from './FilterActions';
import { FrameFieldsView } from './FrameFieldsView';
import { fetchMessageHex, fetchMessages, type MessageQuery } from './message-api';
import { useMonitoringServices } from './monitoring-services';
import { parseTimeSlot, slotFromPicker, slotToPicker } from './time-slot';
import { PAGE_SIZES, pagingProps } from './use-record-list';
import type { Row } from './wire-parse';
import './monitoring.css';

const COMMANDS = [['', 'monAll'], ['1', 'monCmdLogin'], ['2', 'monCmdRealtime'], ['3', 'monCmdReissue'], ['4', 'monCmdLogout'], ['7', 'monCmdHeartbeat']] as const;

/** /alarmMessageParsing/index: a vehicle's raw frames, one decoded in the browser field by field. */
export default function MessageParsingPage() {
  const { t } = useI18n();
  const { http, utcOffsetMin } = useMonitoringServices();
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

  // The picker shows (and is read as) the server's wall clock, whatever the browser's zone.
  const range = slotToPicker(draft.slot, utcOffsetMin);
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
            showOnFocus={false}
            value={range}
            selectionMode="range"
            showTime
            hourFormat="24"
            dateFormat="yy-mm-dd"
            onChange={(e) => setDraft({ ...draft, slot: slotFromPicker(e.value as (Date | null)[] | null, utcOffsetMin) })}
          />
        </label>
        <label>
          <span>{t('monCommand')}</span>
          <Dropdown value={draft.command} options={COMMANDS.map(([value, key]) => ({ value, label: t(key) }))} onChange={(e) => setDraft({ ...draft, command: e.value })} />
        </label>
        <FilterActions />
      </form>
      <div className="wd-msg-body">
        <DataTable
          pt={{ table: { 'aria-label': t('monMessages') } }}
          value={page.records}
          dataKey="id"
          size="small"
          {...pagingProps({ ...paging, total: page.total, setPage: (current, size) => setPaging({ current, size }) })}
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
