import { useI18n } from '../i18n/i18n';
import { STATE_HEX } from '../live-store/vehicle-colours';
import { DayBars } from './charts';
import { detailPage, DetailFilters, DetailHead, Figures, LoadedRows, LoadView, useDetailQuery, useLoad, type DetailProps } from './detail-frame';
import { todayIn, vehicleDays, vehicleHops } from './vehicle-detail-api';

/**
 * /vehicleHopStatisticsDetails/index?vin=&startDate=&endDate=&date=: one vehicle's mileage hops,
 * per day over the range (the rollups) and one by one on a day (the latest day with hops unless
 * one is chosen), found by the same rules that count them.
 */
export function HopDetail({ http, utcOffsetMin }: DetailProps) {
  const { t } = useI18n();
  const [q, setQuery] = useDetailQuery();
  const [days, retryDays] = useLoad(q.vin ? ['vehicleDays', q.vin, q.startDate, q.endDate] : null, () => vehicleDays(http, q));
  const withHops = days.kind === 'ready' ? days.data.days.filter((d) => d.hopCount > 0).map((d) => d.date) : [];
  const day = q.date || withHops[withHops.length - 1] || q.endDate || todayIn(utcOffsetMin);
  const [hops, retryHops] = useLoad(q.vin && days.kind === 'ready' ? ['hops', q.vin, day] : null, () => vehicleHops(http, q.vin, day));

  return (
    <section className="wd-stats-page">
      <DetailFilters query={q} onSearch={setQuery} fields={[
        { key: 'vin', label: t('statsVin'), type: 'text' }, { key: 'startDate', label: t('statsStartDate'), type: 'date' },
        { key: 'endDate', label: t('statsEndDate'), type: 'date' }, { key: 'date', label: t('detailDay'), type: 'date' },
      ]} />
      <DetailHead title={t('detailHopTitle')} vin={q.vin} plate={days.kind === 'ready' ? days.data.plateNumber : undefined} />
      <LoadView load={days} retry={retryDays}>
        {(d) => (
          <>
            <Figures items={[
              [t('detailHopsPerDay'), d.days.reduce((n, x) => n + x.hopCount, 0)],
              [t('detailHopJump'), Math.round(d.days.reduce((n, x) => n + x.hopKm, 0) * 100) / 100],
            ]} />
            <section className="wd-board-card">
              <h3>{t('detailHopsPerDay')}</h3>
              <DayBars label={t('detailHopsPerDay')} rows={d.days} series={[{ key: 'hopCount', label: t('detailHopsPerDay'), colour: STATE_HEX.alarm2 }]} />
            </section>
          </>
        )}
      </LoadView>
      <LoadedRows load={hops} retry={retryHops} title={t('detailHopsOfDay', { day })} empty={t('detailNoHops')} columns={[
        { field: 'time', header: t('detailHopTime') }, { field: 'previousTime', header: t('detailHopPrevious') },
        { field: 'fromKm', header: t('detailHopFrom') }, { field: 'toKm', header: t('detailHopTo') }, { field: 'jumpKm', header: t('detailHopJump') },
        { field: 'seconds', header: t('detailHopSeconds') }, { field: 'speedKmh', header: t('detailHopSpeed') },
      ]} />
    </section>
  );
}

export default detailPage(HopDetail);
