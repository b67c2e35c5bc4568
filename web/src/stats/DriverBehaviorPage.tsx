import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { HttpClient } from '../api/http';
import { useAppActors } from '../app/AppActorsProvider';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { DetailFilters, DetailHead, Figures, LoadView, useDetailQuery, useLoad } from './detail-frame';
import { behavior, todayIn, type BehaviorRow } from './vehicle-detail-api';

const KINDS: Record<BehaviorRow['kind'], MessageKey> = { harshAcceleration: 'detailHarshAccel', harshBraking: 'detailHarshBrake', speeding: 'detailSpeeding' };

/**
 * /driverBehaviorDetail/index?vin=&date=&speedLimit=: one vehicle's harsh acceleration, harsh
 * braking and speeding on a day (today unless one is chosen), found from its positions.
 */
export function DriverBehavior({ http, utcOffsetMin }: { http: HttpClient; utcOffsetMin: number }) {
  const { t } = useI18n();
  const [q, setQuery] = useDetailQuery(['speedLimit']);
  const day = q.date || q.endDate || todayIn(utcOffsetMin);
  const [load, retry] = useLoad(q.vin ? `${q.vin}|${day}|${q.speedLimit}` : null, () => behavior(http, q.vin, day, q.speedLimit));

  return (
    <section className="wd-stats-page">
      <DetailFilters query={{ ...q, date: day }} onSearch={setQuery} fields={[
        { key: 'vin', label: t('statsVin'), type: 'text' }, { key: 'date', label: t('detailDay'), type: 'date' },
        { key: 'speedLimit', label: t('detailSpeedLimit'), type: 'number' },
      ]} />
      <DetailHead title={t('detailBehaviorTitle')} vin={q.vin} plate={load.kind === 'ready' ? load.data.plateNumber : undefined} />
      <LoadView load={load} retry={retry}>
        {(b) => (
          <>
            <Figures items={[
              [t('detailHarshAccel'), b.counts.harshAcceleration], [t('detailHarshBrake'), b.counts.harshBraking],
              [t('detailSpeeding'), b.counts.speeding], [t('detailSpeedingS'), b.speedingS], [t('detailMaxSpeed'), b.maxSpeed],
              [t('detailSpeedLimit'), b.speedLimit], [t('detailFrames'), b.frames],
            ]} />
            <section className="wd-board-card">
              <DataTable value={b.events} size="small" stripedRows showGridlines emptyMessage={t('detailNoEvents')} pt={{ table: { 'aria-label': t('detailBehaviorTitle') } }}>
                <Column header={t('detailKind')} body={(r: BehaviorRow) => t(KINDS[r.kind])} />
                <Column field="startTime" header={t('detailStartTime')} />
                <Column field="endTime" header={t('detailEndTime')} />
                <Column field="durationS" header={t('detailDurationS')} />
                <Column field="fromSpeed" header={t('detailFromSpeed')} />
                <Column field="toSpeed" header={t('detailToSpeed')} />
                <Column field="maxSpeed" header={t('detailMaxSpeed')} />
                <Column field="peakMs2" header={t('detailPeak')} />
              </DataTable>
            </section>
          </>
        )}
      </LoadView>
    </section>
  );
}

export default function DriverBehaviorPage() {
  const { http, config } = useAppActors();
  return <DriverBehavior http={http} utcOffsetMin={config.utcOffsetMin} />;
}
