import { useI18n, type MessageKey } from '../i18n/i18n';
import { detailPage, DetailFilters, DetailHead, Figures, LoadView, RowsCard, useDetailQuery, useLoad, type DetailProps } from './detail-frame';
import { behavior, todayIn, type BehaviorRow } from './vehicle-detail-api';

const KINDS: Record<BehaviorRow['kind'], MessageKey> = { harshAcceleration: 'detailHarshAccel', harshBraking: 'detailHarshBrake', speeding: 'detailSpeeding' };

/**
 * /driverBehaviorDetail/index?vin=&date=&speedLimit=: one vehicle's harsh acceleration, harsh
 * braking and speeding on a day (today unless one is chosen), found from its positions.
 */
export function DriverBehavior({ http, utcOffsetMin }: DetailProps) {
  const { t } = useI18n();
  const [q, setQuery] = useDetailQuery(['speedLimit']);
  const day = q.date || q.endDate || todayIn(utcOffsetMin);
  const [load, retry] = useLoad(q.vin ? ['behavior', q.vin, day, q.speedLimit] : null, () => behavior(http, q.vin, day, q.speedLimit));

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
            <RowsCard label={t('detailBehaviorTitle')} rows={b.events} empty={t('detailNoEvents')} columns={[
              { header: t('detailKind'), body: (r: BehaviorRow) => t(KINDS[r.kind]) },
              { field: 'startTime', header: t('detailStartTime') }, { field: 'endTime', header: t('detailEndTime') },
              { field: 'durationS', header: t('detailDurationS') }, { field: 'fromSpeed', header: t('detailFromSpeed') },
              { field: 'toSpeed', header: t('detailToSpeed') }, { field: 'maxSpeed', header: t('detailMaxSpeed') }, { field: 'peakMs2', header: t('detailPeak') },
            ]} />
          </>
        )}
      </LoadView>
    </section>
  );
}

export default detailPage(DriverBehavior);
