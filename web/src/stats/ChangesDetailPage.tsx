import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { TrendLines } from './charts';
import { detailPage, DetailFilters, DetailHead, Figures, LoadedRows, LoadView, useDetailQuery, useLoad, type DetailProps } from './detail-frame';
import { startEnd, timeline, todayIn, vehicleDays, type Reading, type TimelineRow } from './vehicle-detail-api';

const KINDS: Record<TimelineRow['kind'], MessageKey> = { drive: 'detailKindDrive', stop: 'detailKindStop', silence: 'detailKindSilence' };

/**
 * /vehicleChangesAnalysisDetails/index?vin=&startDate=&endDate=&date=: how one vehicle changed
 * over the range (first and last reading, mileage, energy, SOC), day by day from the rollups,
 * and its drives, stops and silences on one day (the range's last unless one is chosen).
 */
export function ChangesDetail({ http, utcOffsetMin }: DetailProps) {
  const { t } = useI18n();
  const [q, setQuery] = useDetailQuery();
  const [summary, retrySummary] = useLoad(q.vin ? ['changes', q.vin, q.startDate, q.endDate] : null, async () => {
    const [ends, days] = await Promise.all([startEnd(http, q), vehicleDays(http, q)]);
    return { ends, days: days.days };
  });
  const day = q.date || q.endDate || todayIn(utcOffsetMin);
  const [trips, retryTrips] = useLoad(q.vin ? ['timeline', q.vin, day] : null, () => timeline(http, q.vin, day));
  const reading = (r: Reading | null) => (r ? `${r.time} · ${r.mileage ?? '-'} km · ${r.soc ?? '-'} %` : '-');

  return (
    <section className="wd-stats-page">
      <DetailFilters query={q} onSearch={setQuery} fields={[
        { key: 'vin', label: t('statsVin'), type: 'text' }, { key: 'startDate', label: t('statsStartDate'), type: 'date' },
        { key: 'endDate', label: t('statsEndDate'), type: 'date' }, { key: 'date', label: t('detailDay'), type: 'date' },
      ]} />
      <DetailHead title={t('detailChangesTitle')} vin={q.vin} plate={summary.kind === 'ready' ? summary.data.ends.plateNumber : undefined} />
      <LoadView load={summary} retry={retrySummary}>
        {({ ends, days }) => (
          <>
            <Figures items={[
              [t('detailStart'), reading(ends.start)], [t('detailEnd'), reading(ends.end)], [t('statsMileage'), ends.mileage],
              [t('statsEnergyUsed'), ends.energyUsed], [t('statsEnergyCharged'), ends.energyCharged], [t('detailSocChange'), ends.socChange ?? '-'],
            ]} />
            <section className="wd-board-card">
              <h3>{t('detailPerDay')}</h3>
              <TrendLines label={t('detailPerDay')} rows={days} series={[
                { key: 'mileage', label: t('statsMileage'), colour: STATE_HEX.driving },
                { key: 'energyUsed', label: t('statsEnergyUsed'), colour: STATE_HEX.charging },
              ]} />
              <DataTable value={days.filter((d) => d.frames > 0 || d.alarmCount > 0)} dataKey="date" size="small" stripedRows showGridlines
                emptyMessage={t('screenNothing')} pt={{ table: { 'aria-label': t('detailPerDay') } }}>
                <Column field="date" header={t('detailDay')} />
                <Column field="mileage" header={t('statsMileage')} />
                <Column field="energyUsed" header={t('statsEnergyUsed')} />
                <Column field="energyCharged" header={t('statsEnergyCharged')} />
                <Column field="drivingHours" header={t('detailDrivingH')} />
                <Column field="chargingHours" header={t('detailChargingH')} />
                <Column field="onlineHours" header={t('detailOnlineH')} />
                <Column field="alarmCount" header={t('statsAlarms')} />
                <Column field="faultCount" header={t('statsFaults')} />
              </DataTable>
            </section>
          </>
        )}
      </LoadView>
      <LoadedRows load={trips} retry={retryTrips} title={t('detailTimelineOf', { day })} empty={t('detailNoTimeline')} columns={[
        { header: t('detailKind'), body: (r: TimelineRow) => t(KINDS[r.kind]) },
        { field: 'startTime', header: t('detailStartTime') }, { field: 'endTime', header: t('detailEndTime') },
        { field: 'durationS', header: t('detailDurationS') }, { field: 'distanceKm', header: t('detailDistance') },
        { field: 'avgSpeed', header: t('detailAvgSpeed') }, { field: 'maxSpeed', header: t('detailMaxSpeed') },
      ]} />
    </section>
  );
}

export default detailPage(ChangesDetail);
