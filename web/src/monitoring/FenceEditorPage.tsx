import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { SelectButton } from 'primereact/selectbutton';
import { useI18n } from '../i18n/i18n';
import type { FenceGeometry, FenceShape } from '../map/layers/map-ui';
import { MapView } from '../map/MapView';
import { fetchBindings, fetchFence, fetchFenceShapes, saveBindings, saveFence, shapeOf, type Binding } from './fence-api';
import { clickAt, draftFrom, draftGeometry, emptyDraft, isComplete, pickHandle, setRadius, toWire, undo, type DrawMode } from './fence-draw';
import { FenceDrawLayers } from './FenceDrawLayers';
import { FenceVehicleBinder } from './FenceVehicleBinder';
import { useMonitoringServices } from './monitoring-services';
import { pickReading, pickText } from './wire-parse';
import './monitoring.css';

/** /base/electronicFence/draw[?id=]: draw or edit a circle or polygon fence and bind vehicles. */
export default function FenceEditorPage() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { http, notifier } = useMonitoringServices();
  const [search, setSearch] = useSearchParams();
  const id = search.get('id') ?? '';
  const [name, setName] = useState('');
  const [alarmOn, setAlarmOn] = useState(3);
  const [speedLimit, setSpeedLimit] = useState<number | null>(null);
  const [draft, setDraft] = useState(() => emptyDraft('polygon'));
  const [focus, setFocus] = useState<FenceGeometry | null>(null);
  const [others, setOthers] = useState<FenceShape[]>([]);
  const [bound, setBound] = useState<Binding[]>([]);
  const [boundBefore, setBoundBefore] = useState<Binding[]>([]);
  const [saving, setSaving] = useState(false);
  // Clicks on the map only draw once it has loaded: the drawing controls wait for it too.
  const [mapReady, setMapReady] = useState(false);

  useEffect(() => {
    fetchFenceShapes(http).then((all) => setOthers(all.filter((f) => f.id !== id)), () => undefined);
    if (!id) return;
    fetchFence(http, id).then((row) => {
      setName(pickText(row, 'fenceName'));
      setAlarmOn(pickReading(row, 'alarmOn') ?? 3);
      setSpeedLimit(pickReading(row, 'speedLimitKmh'));
      const shape = shapeOf(row);
      if (shape) {
        setDraft(draftFrom(shape.geometry));
        setFocus(shape.geometry);
      }
    }, () => undefined);
    fetchBindings(http, id).then((b) => {
      setBound(b);
      setBoundBefore(b);
    }, () => undefined);
  }, [http, id]);

  const geometry = useMemo(() => draftGeometry(draft), [draft]);
  const modes = [
    { label: t('monFencePolygon'), value: 'polygon' },
    { label: t('monFenceCircle'), value: 'circle' },
  ];
  const alarmOptions = [
    { label: t('monFenceAlarmEnter'), value: 1 },
    { label: t('monFenceAlarmLeave'), value: 2 },
    { label: t('monFenceAlarmBoth'), value: 3 },
  ];

  const save = async () => {
    if (!name.trim()) return notifier.warning(t('monFenceNameRequired'));
    // The entity's own message for a missing geometry (contracts electronicFence).
    if (!isComplete(draft)) return notifier.warning('请在地图上绘制围栏');
    setSaving(true);
    try {
      const savedId = await saveFence(http, { id: id || undefined, fenceName: name, alarmOn, speedLimitKmh: speedLimit, ...toWire(draft) });
      if (savedId) await saveBindings(http, savedId, boundBefore, bound);
      notifier.success(id ? '更新成功' : '新增成功');
      setBoundBefore(bound);
      if (!id && savedId) setSearch({ id: savedId }, { replace: true });
    } catch {
      // Shown by the HTTP client's error catalogue.
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="wd-fence">
      <aside className="wd-fence-form">
        <label className="wd-mon-field">
          <span>{t('monFenceName')} *</span>
          <InputText value={name} onChange={(e) => setName(e.target.value)} maxLength={64} name="fenceName" />
        </label>
        <SelectButton
          value={draft.mode}
          options={modes}
          onChange={(e) => e.value && setDraft(emptyDraft(e.value as DrawMode))}
          allowEmpty={false}
          disabled={!mapReady}
        />
        <p className="wd-fence-hint" role={mapReady ? undefined : 'status'}>
          {!mapReady ? (
            <>
              <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('mapLoading')}
            </>
          ) : draft.mode === 'circle' ? (
            t('monFenceCircleHint')
          ) : (
            t('monFencePolygonHint')
          )}
        </p>
        {draft.mode === 'circle' && (
          <label className="wd-mon-field">
            <span>{t('monFenceRadius')}</span>
            <InputNumber
              value={draft.radius || null}
              min={1}
              max={500000}
              suffix=" m"
              disabled={!mapReady}
              onValueChange={(e) => setDraft(setRadius(draft, e.value ?? 0))}
            />
          </label>
        )}
        <div className="wd-fence-actions">
          <Button size="small" outlined icon="pi pi-undo" label={t('monUndo')} disabled={!mapReady} onClick={() => setDraft(undo(draft))} />
          <Button
            size="small"
            outlined
            severity="secondary"
            icon="pi pi-trash"
            label={t('monClear')}
            disabled={!mapReady}
            onClick={() => setDraft(emptyDraft(draft.mode))}
          />
        </div>
        <label className="wd-mon-field">
          <span>{t('monFenceAlarmOn')}</span>
          <Dropdown value={alarmOn} options={alarmOptions} onChange={(e) => setAlarmOn(e.value)} />
        </label>
        <label className="wd-mon-field">
          <span>{t('monFenceSpeedLimit')}</span>
          <InputNumber value={speedLimit} min={0} max={220} suffix=" km/h" onValueChange={(e) => setSpeedLimit(e.value ?? null)} />
        </label>
        <FenceVehicleBinder bound={bound} onChange={setBound} />
        <div className="wd-fence-actions">
          <Button size="small" icon="pi pi-save" label={t('commonSave')} loading={saving} onClick={() => void save()} />
          <Button size="small" text label={t('monFenceList')} onClick={() => navigate('/base/electronicFence')} />
        </div>
      </aside>
      <div className="wd-fence-map">
        <MapView onReadyChange={setMapReady}>
          <FenceDrawLayers
            fences={others}
            draft={geometry}
            focus={focus}
            onMapClick={(p) => setDraft((d) => clickAt(d, p))}
            onHandleClick={(i) => setDraft((d) => pickHandle(d, i))}
          />
        </MapView>
      </div>
    </div>
  );
}
