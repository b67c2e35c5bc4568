import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useI18n } from '../i18n/i18n';
import { alarmCardSettings, MAX_COLLAPSE_SECONDS, MIN_COLLAPSE_SECONDS, useCollapseSeconds } from './alarm-card-settings';

/** The pop-up's setting: after how many seconds level 1 and 2 cards collapse to their notice. */
export function AlarmCardSettings() {
  const { t } = useI18n();
  const panel = useRef<OverlayPanel>(null);
  const current = useCollapseSeconds();
  const [seconds, setSeconds] = useState<number | null>(current);
  const save = () => {
    if (seconds !== null) alarmCardSettings.setCollapseSeconds(seconds);
    panel.current?.hide();
  };
  return (
    <>
      <Button
        size="small"
        text
        icon="pi pi-cog"
        aria-label={t('alarmPopupSettings')}
        onClick={(event) => {
          setSeconds(current);
          panel.current?.toggle(event);
        }}
      />
      <OverlayPanel ref={panel} className="wd-alarm-settings">
        <label htmlFor="alarm-collapse-seconds">{t('alarmCollapseAfter')}</label>
        <InputNumber
          inputId="alarm-collapse-seconds"
          value={seconds}
          min={MIN_COLLAPSE_SECONDS}
          max={MAX_COLLAPSE_SECONDS}
          showButtons
          onValueChange={(e) => setSeconds(e.value ?? null)}
        />
        <small>{t('alarmCollapseHint')}</small>
        <Button size="small" label={t('commonSave')} onClick={save} />
      </OverlayPanel>
    </>
  );
}
