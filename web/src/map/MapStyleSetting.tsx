import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useI18n } from '../i18n/i18n';
import { mapDatum, mapStyleUrl, setMapStyleUrl } from './map-settings';

/** The basemap setting: a style URL for real tiles (and whether it is drawn in GCJ-02), empty for the bundled offline map. */
export function MapStyleSetting({ onChanged }: { onChanged: () => void }) {
  const { t } = useI18n();
  const panel = useRef<OverlayPanel>(null);
  const [url, setUrl] = useState(mapStyleUrl);
  const [gcj02, setGcj02] = useState(() => mapDatum() === 'gcj02');
  const save = () => {
    setMapStyleUrl(url, gcj02 ? 'gcj02' : 'wgs84');
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
        <label className="wd-map-style-form">
          <span>{t('mapStyleUrl')}</span>
          <InputText value={url} placeholder={t('mapStyleOffline')} onChange={(e) => setUrl(e.target.value)} />
        </label>
        <label className="wd-map-style-datum">
          <Checkbox checked={gcj02} onChange={(e) => setGcj02(e.checked === true)} />
          <span>{t('mapStyleGcj02')}</span>
        </label>
        <Button size="small" label={t('commonSave')} onClick={save} />
      </OverlayPanel>
    </div>
  );
}
