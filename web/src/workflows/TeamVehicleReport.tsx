import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { SCREEN_CALLS } from '@wdiov/contracts/workflows/screen-calls';
import type { RouteSegment } from '@wdiov/contracts';
import type { ButtonSet } from '../crud/buttons';
import { useCrudServices } from '../crud/CrudServices';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { LoadView, RowsCard, useLoad } from '../stats/detail-frame';
import '../stats/data-board.css';

/** The fleet vehicle screen's reads of one vehicle (spec §7 wdiov-vehteam vehicleReport, routeTimeline). */
const CALLS = Object.fromEntries((SCREEN_CALLS.teamVehicle ?? []).map((c) => [c.button, c]));
export const REPORT = CALLS.report!;
export const TIMELINE = CALLS.timeline!;

interface DayRow { date: string; mileage: number; energyUsed: number; drivingHours: number; onlineHours: number; alarmCount: number; faultCount: number }
type Segment = RouteSegment & { startTime: string; endTime: string };
const KINDS: Record<Segment['kind'], MessageKey> = { drive: 'detailKindDrive', stop: 'detailKindStop', silence: 'detailKindSilence' };
const REPORT_DAYS = 30;

/**
 * A fleet vehicle's last 30 days (one row per active day, from the rollups) and, for a chosen
 * day, its drives, stops and silences: what the fleet team reads without the monitoring screens.
 * Each part shows where its button is granted.
 */
export function TeamVehicleReport({ vin, buttons, onClose }: { vin: string; buttons: ButtonSet; onClose(): void }) {
  const { http } = useCrudServices();
  const { t } = useI18n();
  const [day, setDay] = useState<string>();
  const data = <T,>(body: unknown) => (body as { data: T }).data;
  const [days, retryDays] = useLoad(buttons.has(REPORT.button) ? ['teamReport', vin] : null, async () =>
    data<{ records: DayRow[] }>(await http.get(REPORT.path, { vin, days: REPORT_DAYS, size: REPORT_DAYS + 1 }, { quiet: true })).records);
  const [trips, retryTrips] = useLoad(day ? ['teamTimeline', vin, day] : null, async () =>
    data<{ records: Segment[] }>(await http.get(TIMELINE.path, { vin, startTime: `${day} 00:00:00`, endTime: `${day} 23:59:59`, size: 500 }, { quiet: true })).records);
  const pick = buttons.has(TIMELINE.button)
    ? (r: DayRow) => <Button link size="small" icon="pi pi-directions" label={r.date} aria-pressed={r.date === day} onClick={() => setDay(r.date)} />
    : undefined;
  return (
    <Dialog header={t('teamReportTitle', { vin })} visible onHide={onClose} modal style={{ width: 'min(1000px, 96vw)' }}>
      <LoadView load={days} retry={retryDays}>
        {(rows) => (
          <RowsCard label={t('teamReportDays', { n: String(REPORT_DAYS) })} title={t('teamReportDays', { n: String(REPORT_DAYS) })} rows={rows} empty={t('screenNothing')} columns={[
            { header: t('detailDay'), field: 'date', body: pick },
            { header: t('statsMileage'), field: 'mileage' }, { header: t('statsEnergyUsed'), field: 'energyUsed' },
            { header: t('detailDrivingH'), field: 'drivingHours' }, { header: t('detailOnlineH'), field: 'onlineHours' },
            { header: t('statsAlarms'), field: 'alarmCount' }, { header: t('statsFaults'), field: 'faultCount' },
          ]} />
        )}
      </LoadView>
      {pick && !day && days.kind === 'ready' && days.data.length > 0 && <p className="wd-board-note">{t('teamReportPickDay')}</p>}
      <LoadView load={trips} retry={retryTrips}>
        {(rows) => (
          <RowsCard title={t('detailTimelineOf', { day: day ?? '' })} label={t('detailTimelineOf', { day: day ?? '' })} rows={rows} empty={t('detailNoTimeline')} columns={[
            { header: t('detailKind'), body: (r: Segment) => t(KINDS[r.kind]) },
            { field: 'startTime', header: t('detailStartTime') }, { field: 'endTime', header: t('detailEndTime') },
            { field: 'durationS', header: t('detailDurationS') }, { field: 'distanceKm', header: t('detailDistance') },
            { field: 'avgSpeed', header: t('detailAvgSpeed') }, { field: 'maxSpeed', header: t('detailMaxSpeed') },
          ]} />
        )}
      </LoadView>
    </Dialog>
  );
}
