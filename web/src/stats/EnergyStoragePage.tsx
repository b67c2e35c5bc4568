import { useState } from 'react';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { scaleLinear } from '@visx/scale';
import type { CellRank, DiffVoltageBucket, TemperatureHop } from '@wdiov/contracts';
import { useAppActors } from '../app/AppActorsProvider';
import type { HttpClient } from '../api/http';
import { useI18n } from '../i18n/i18n';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { RankBars } from './charts';
import './data-board.css';

interface Storage {
  frames: number;
  cells: CellRank[];
  points: { packNo: number; cellNo: number; voltage: number }[];
  buckets: DiffVoltageBucket[];
  hops: (TemperatureHop & { time: string })[];
}
type Load = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; data: Storage };

const BASE = '/wdiov-base/energyStorageStatis';
const data = <T,>(body: unknown) => (body as { data: T }).data;
/** `yyyy-MM-ddTHH:mm` of a datetime-local input → the gateway's `yyyy-MM-dd HH:mm:ss`. */
const toGateway = (v: string) => (v ? `${v.replace('T', ' ')}:00` : '');

export async function loadStorage(http: HttpClient, vin: string, start: string, end: string): Promise<Storage> {
  const q = Object.fromEntries(Object.entries({ vin: vin.trim(), startTime: toGateway(start), endTime: toGateway(end) }).filter(([, v]) => v));
  const get = (call: string) => http.get(`${BASE}/${call}`, q, { quiet: true });
  const [rank, scatter, diff, hops] = await Promise.all([get('singleVoltageRank'), get('singleVoltageScatter'), get('diffVoltageProbabi'), get('temperatureHop')]);
  const r = data<{ frames: number; cells: CellRank[] }>(rank);
  return { frames: r.frames, cells: r.cells, points: data<Storage>(scatter).points, buckets: data<Storage>(diff).buckets, hops: data<Storage>(hops).hops };
}

/** Cell voltages of the newest frame, one dot per cell. */
function CellScatter({ points, label }: { points: Storage['points']; label: string }) {
  const width = 480;
  const height = 200;
  const volts = points.map((p) => p.voltage);
  const x = scaleLinear({ domain: [0, Math.max(1, points.length)], range: [40, width - 8] });
  const y = scaleLinear({ domain: [Math.min(...volts) - 0.01, Math.max(...volts) + 0.01], range: [height - 20, 8] });
  return (
    <svg width={width} height={height} role="img" aria-label={label} className="wd-chart">
      {points.map((p, i) => <circle key={`${p.packNo}/${p.cellNo}`} data-testid="cell-dot" cx={x(i + 0.5)} cy={y(p.voltage)} r={3} fill={STATE_HEX.parked} />)}
      <text x={0} y={12}>{Math.max(...volts).toFixed(3)} V</text>
      <text x={0} y={height - 20}>{Math.min(...volts).toFixed(3)} V</text>
    </svg>
  );
}

/**
 * Energy storage statistics of one vehicle over a window of at most a day: cells ranked by mean
 * voltage, the newest frame's cells, how the cell spread is distributed, the probe temperature hops.
 */
export function EnergyStorageView({ http }: { http: HttpClient }) {
  const { t } = useI18n();
  const [vin, setVin] = useState('');
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [load, setLoad] = useState<Load>({ kind: 'idle' });
  const search = () => {
    setLoad({ kind: 'loading' });
    loadStorage(http, vin, start, end).then(
      (d) => setLoad({ kind: 'ready', data: d }),
      (err: unknown) => setLoad({ kind: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
  };
  const d = load.kind === 'ready' ? load.data : undefined;
  return (
    <section className="wd-stats-page">
      <form className="wd-stats-filters" onSubmit={(e) => { e.preventDefault(); search(); }}>
        <label>{t('statsVin')}<InputText value={vin} required onChange={(e) => setVin(e.target.value)} /></label>
        <label>{t('storageFrom')}<input type="datetime-local" className="p-inputtext" value={start} onChange={(e) => setStart(e.target.value)} /></label>
        <label>{t('storageTo')}<input type="datetime-local" className="p-inputtext" value={end} onChange={(e) => setEnd(e.target.value)} /></label>
        <Button type="submit" size="small" icon="pi pi-search" label={t('crudSearch')} />
      </form>
      {load.kind === 'idle' && <div className="wd-board-state">{t('storagePickVehicle')}</div>}
      {load.kind === 'loading' && <div className="wd-board-state" role="status"><i className="pi pi-spin pi-spinner" /> {t('statsLoading')}</div>}
      {load.kind === 'error' && <div className="wd-board-state wd-board-error" role="alert">{t('statsError', { msg: load.message })}</div>}
      {d && d.frames === 0 && <div className="wd-board-state" role="status">{t('storageNoFrames')}</div>}
      {d && d.frames > 0 && (
        <div className="wd-board-grid">
          <section className="wd-board-card"><header><h3>{t('storageRank')}</h3></header>
            <RankBars label={t('storageRank')} colour={STATE_HEX.driving} rows={d.cells.slice(0, 10).map((c) => ({ name: `#${c.packNo}-${c.cellNo}`, value: c.avgVoltage }))} /></section>
          <section className="wd-board-card"><header><h3>{t('storageScatter')}</h3></header>
            {d.points.length > 0 ? <CellScatter points={d.points} label={t('storageScatter')} /> : <p className="wd-board-note">{t('statsNoRows')}</p>}</section>
          <section className="wd-board-card"><header><h3>{t('storageDiff')}</h3></header>
            <RankBars label={t('storageDiff')} colour={STATE_HEX.parked} rows={d.buckets.map((b) => ({ name: `${b.fromMv}-${b.toMv} mV`, value: b.probability }))} /></section>
          <section className="wd-board-card"><header><h3>{t('storageHops')}</h3></header>
            <DataTable value={d.hops} size="small" emptyMessage={t('storageNoHops')} pt={{ table: { 'aria-label': t('storageHops') } }}>
              <Column field="time" header={t('storageTime')} /><Column field="probeNo" header={t('storageProbe')} />
              <Column field="fromC" header={t('storageFromC')} /><Column field="toC" header={t('storageToC')} /><Column field="deltaC" header="Δ℃" />
            </DataTable></section>
        </div>
      )}
    </section>
  );
}

export default function EnergyStoragePage() {
  const { http } = useAppActors();
  return <EnergyStorageView http={http} />;
}
