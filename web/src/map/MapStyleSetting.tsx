import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useI18n } from '../i18n/i18n';
import { mapStyleUrl, setMapStyleUrl } from './map-settings';

/** The basemap setting: a style URL for real tiles, empty for the bundled offline map. */
export function MapStyleSetting({ onChanged }: { onChanged: () => void }) {
  const { t } = useI18n();
  const panel = useRef<OverlayPanel>(null);
  const [url, setUrl] = useState(mapStyleUrl);
  const save = () => {
    setMapStyleUrl(url);
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
        <Button size="small" label={t('commonSave')} onClick={save} />
      </OverlayPanel>
    </div>
  );
}
