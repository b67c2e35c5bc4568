import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { OverlayPanel } from 'primereact/overlaypanel';
import { BASEMAP_PRESET_IDS, type BasemapPresetId } from '@wdiov/contracts/geo/basemap-presets';
import { useI18n, type MessageKey } from '../i18n/i18n';
import { basemapPreference, setMapPreset, setMapStyleUrl, userPreset } from './map-settings';

const PRESET_LABEL: Record<BasemapPresetId, MessageKey> = {
  offline: 'basemapOffline',
  'amap-road': 'basemapAmapRoad',
  'amap-satellite': 'basemapAmapSatellite',
  'tianditu-vec': 'basemapTiandituVec',
  'tianditu-img': 'basemapTiandituImg',
  osm: 'basemapOsm',
  custom: 'basemapCustom',
};

/** The user's basemap: the administrator's default, a built-in preset, or a MapLibre style URL (and whether it is drawn in GCJ-02). */
export function MapStyleSetting({ onChanged }: { onChanged: () => void }) {
  const { t } = useI18n();
  const panel = useRef<OverlayPanel>(null);
  // 'default' rather than '': the dropdown shows an empty value as nothing chosen.
  const [preset, setPreset] = useState<BasemapPresetId | 'default'>(() => userPreset() || 'default');
  const own = basemapPreference();
  const [url, setUrl] = useState(own.preset === 'custom' ? own.url : '');
  const [gcj02, setGcj02] = useState(own.preset === 'custom' && own.datum === 'gcj02');
  const options = [{ value: 'default', label: t('basemapDefault') }, ...BASEMAP_PRESET_IDS.map((id) => ({ value: id, label: t(PRESET_LABEL[id]) }))];
  const save = () => {
    if (preset === 'custom') setMapStyleUrl(url, gcj02 ? 'gcj02' : 'wgs84');
    else {
      setMapStyleUrl('');
      setMapPreset(preset === 'default' ? '' : preset);
    }
    panel.current?.hide();
    onChanged();
  };
  return (
    <div className="wd-map-style-setting">
      <Button
        size="small"
        icon="pi pi-cog"
        rounded
        text
        raised
        aria-label={t('mapStyleSetting')}
        onClick={(event) => panel.current?.toggle(event)}
      />
      <OverlayPanel ref={panel}>
        <label className="wd-map-style-preset">
          <span>{t('basemapLabel')}</span>
          <Dropdown
            className="wd-map-style-presets"
            value={preset}
            options={options}
            ariaLabel={t('basemapLabel')}
            onChange={(e) => setPreset(e.value as BasemapPresetId | 'default')}
          />
        </label>
        {preset === 'custom' && (
          <>
            <label className="wd-map-style-form">
              <span>{t('basemapStyleUrl')}</span>
              <InputText value={url} placeholder="https://…/style.json" onChange={(e) => setUrl(e.target.value)} />
            </label>
            <label className="wd-map-style-datum">
              <Checkbox checked={gcj02} onChange={(e) => setGcj02(e.checked === true)} />
              <span>{t('mapStyleGcj02')}</span>
            </label>
          </>
        )}
        <Button size="small" label={t('commonSave')} onClick={save} disabled={preset === 'custom' && !url.trim()} />
      </OverlayPanel>
    </div>
  );
}
