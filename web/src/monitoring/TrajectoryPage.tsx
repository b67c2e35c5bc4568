import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { Slider } from 'primereact/slider';
import { VehicleVinPicker } from '../components/VehicleVinPicker';
import { useI18n } from '../i18n/i18n';
import { MapView } from '../map/MapView';
import { serverExport } from './export-file';
import { useMonitoringServices } from './monitoring-services';
import { PLAYBACK_SPEEDS, positionAt } from './playback';
import { readingText } from './reading-text';
import { fromPickerDate, parseTimeSlot, timeText, toPickerDate } from './time-slot';
import { fetchTrack, TRACK_EXPORT_URL, trackParams, type TrackAnswer } from './track-api';
import { TrackChart } from './TrackChart';
import { TrackLayers } from './TrackLayers';
import { usePlayback } from './use-playback';
import './monitoring.css';

const DAY_MS = 86_400_000;

/** /trajectory/index: a vehicle's route over a time range (at most a day), played back. */
export default function TrajectoryPage() {
  const { t } = useI18n();
  const { http, notifier, utcOffsetMin } = useMonitoringServices();
  const [search] = useSearchParams();
  const [vin, setVin] = useState(search.get('vin') ?? '');
  // The picker shows (and is read as) the server's wall clock, whatever the browser's zone.
  const [range, setRange] = useState<(Date | null)[]>(() => {
    const slot = parseTimeSlot(search.get('timeSlot'));
    const end = slot?.end ?? Date.now();
    return [toPickerDate(slot?.start ?? end - DAY_MS, utcOffsetMin), toPickerDate(end, utcOffsetMin)];
  });
  const [answer, setAnswer] = useState<TrackAnswer | null>(null);
  const [loading, setLoading] = useState(false);
  const track = answer?.track ?? null;
  const playback = usePlayback(track);
  const head = useMemo(() => (track ? positionAt(track, playback.t) : null), [track, playback.t]);
  const point = head && track ? track.points[head.index] : null;

  const start = range[0] ? fromPickerDate(range[0], utcOffsetMin) : null;
  const end = range[1] ? fromPickerDate(range[1], utcOffsetMin) : null;
  const valid = vin.trim() && start !== null && end !== null && end > start && end - start <= DAY_MS;
  const query = async () => {
    if (!valid) return notifier.warning(t('monTrackRangeHint'));
    setLoading(true);
    try {
      const next = await fetchTrack(http, vin.trim(), start!, end!, utcOffsetMin);
      setAnswer(next);
      if (next.track.points.length === 0) notifier.info(t('monTrackEmpty'));
    } catch {
      // Shown by the HTTP client.
    } finally {
      setLoading(false);
    }
  };
  const exportTrack = () =>
    valid && serverExport(http, TRACK_EXPORT_URL, trackParams(vin.trim(), start!, end!, utcOffsetMin), t('monTrack'), 'csv').catch(() => undefined);

  return (
    <div className="wd-track">
      <form className="wd-mon-filter" onSubmit={(e) => (e.preventDefault(), void query())}>
        <label htmlFor="track-vehicle">
          <span>{t('monVehiclePick')}</span>
          <VehicleVinPicker http={http} inputId="track-vehicle" vin={vin} onChange={setVin} />
        </label>
        <label>
          <span>{t('monTimeSlot')}</span>
          <Calendar showOnFocus={false} value={range} onChange={(e) => setRange((e.value as (Date | null)[]) ?? [null, null])} selectionMode="range" showTime hourFormat="24" dateFormat="yy-mm-dd" />
        </label>
        <div className="wd-mon-filter-actions">
          <Button size="small" type="submit" icon="pi pi-search" label={t('monSearch')} loading={loading} />
          <Button size="small" type="button" outlined icon="pi pi-download" label={t('monExport')} disabled={!valid} onClick={() => void exportTrack()} />
        </div>
      </form>
      <div className="wd-track-body">
        <div className="wd-track-map">
          <MapView>
            <TrackLayers track={track} playhead={head} />
          </MapView>
        </div>
        <aside className="wd-track-side">
          <h4>{t('monTrackSummary')}</h4>
          <dl className="wd-mon-dl">
            <div><dt>{t('alarmPlate')}</dt><dd>{answer?.plate || '–'}</dd></div>
            <div><dt>{t('monPoints')}</dt><dd>{track?.points.length ?? 0}{answer?.truncated ? ` (${t('monTruncated')})` : ''}</dd></div>
            <div><dt>{t('monMileage')}</dt><dd>{readingText(answer?.mileage, 'km', t)}</dd></div>
            <div><dt>{t('alarmTime')}</dt><dd data-testid="track-time">{point ? timeText(playback.t, utcOffsetMin) : '–'}</dd></div>
            <div><dt>{t('alarmSpeed')}</dt><dd>{readingText(point?.speed, 'km/h', t)}</dd></div>
            <div><dt>{t('monSoc')}</dt><dd>{readingText(point?.soc, '%', t)}</dd></div>
          </dl>
          <h4>{t('monStops')}</h4>
          <ol className="wd-track-stops">
            {(track?.stops ?? []).map((s) => (
              <li key={s.start}>
                <button type="button" onClick={() => playback.seek(s.start)}>
                  {timeText(s.start, utcOffsetMin)} · {Math.round((s.end - s.start) / 60_000)} {t('monMinutes')}
                </button>
              </li>
            ))}
            {track && track.stops.length === 0 && <li className="wd-mon-empty">{t('monEmpty')}</li>}
          </ol>
        </aside>
      </div>
      <div className="wd-track-controls">
        {playback.playing ? (
          <Button size="small" icon="pi pi-pause" aria-label={t('monPause')} onClick={playback.pause} />
        ) : (
          <Button size="small" icon="pi pi-play" aria-label={t('monPlay')} onClick={playback.play} disabled={!track?.points.length} />
        )}
        <Dropdown value={playback.speed} options={PLAYBACK_SPEEDS.map((s) => ({ label: `${s}×`, value: s }))} onChange={(e) => playback.setSpeed(e.value)} aria-label={t('monPlaySpeed')} />
        <Slider
          className="wd-track-slider"
          aria-label={t('monPlayPosition')}
          value={playback.t}
          min={playback.range?.start ?? 0}
          max={playback.range?.end ?? 1}
          onChange={(e) => playback.seek(Number(e.value))}
          disabled={!playback.range}
        />
      </div>
      {track && playback.range && (
        <TrackChart points={track.points} start={playback.range.start} end={playback.range.end} playhead={playback.t} onSeek={playback.seek} utcOffsetMin={utcOffsetMin} />
      )}
    </div>
  );
}
