import { useState } from 'react';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InstructType } from '@wdiov/contracts/diagnosis/instruction';
import { ControlCommand } from '@wdiov/contracts/protocol/control';
import { useI18n } from '../i18n/i18n';
import { ALARM_LEVELS, checkUpgrade, COMMANDS, commandDef, EMPTY_UPGRADE, joinUpgrade, UPGRADE_FIELDS, type UpgradeValues } from './control-catalog';
import type { IssueFormProps } from './issue-form';
import { IssueBar } from './IssueBar';
import type { FieldErrors } from './validation';

/** Terminal control (0x82): the command, and the upgrade fields or the alarm level when it takes one. */
export function ControlForm({ submit, errors, busy, remark, onRemark }: IssueFormProps) {
  const { t } = useI18n();
  const [commandId, setCommandId] = useState<number | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeValues>(EMPTY_UPGRADE);
  const [alarmLevel, setAlarmLevel] = useState<number | null>(null);
  const [upgradeErrors, setUpgradeErrors] = useState<Partial<Record<keyof UpgradeValues, string>>>({});
  const isUpgrade = commandId === ControlCommand.upgrade;
  const isAlarm = commandId === ControlCommand.alarm;

  const onSubmit = () => {
    const own: FieldErrors = {};
    const fieldErrors: Partial<Record<keyof UpgradeValues, string>> = {};
    if (commandId === null) own.command = t('diagValCommand');
    if (isUpgrade) {
      for (const [name, key] of Object.entries(checkUpgrade(upgrade))) fieldErrors[name as keyof UpgradeValues] = t(key);
      if (Object.keys(fieldErrors).length) own.upgrade = t('diagValUpgradeFields');
    }
    if (isAlarm && alarmLevel === null) own.alarmLevel = t('diagValAlarmLevel');
    setUpgradeErrors(fieldErrors);
    const content = {
      commandId: commandId ?? undefined,
      ...(isUpgrade ? { upgrade: joinUpgrade(upgrade) } : {}),
      ...(isAlarm && alarmLevel !== null ? { alarmLevel } : {}),
    };
    submit(InstructType.control, content, own, commandId === null ? undefined : commandDef(commandId));
  };

  return (
    <form className="wd-diag-form" onSubmit={(e) => (e.preventDefault(), onSubmit())}>
      <div className="wd-field">
        <label htmlFor="diag-command"><span className="wd-required">*</span>{t('diagCommand')}</label>
        <Dropdown
          inputId="diag-command"
          value={commandId}
          options={COMMANDS.map((c) => ({ value: c.id, label: `${t(c.label)} (0x0${c.id})` }))}
          placeholder={t('diagChoose')}
          invalid={Boolean(errors.command)}
          onChange={(e) => setCommandId(e.value as number)}
        />
        {errors.command && <small className="wd-field-error" role="alert">{errors.command}</small>}
        {commandId !== null && commandDef(commandId)?.confirm && <small className="wd-diag-warn">{t('diagCommandWarn')}</small>}
      </div>
      {isUpgrade && (
        <fieldset className="wd-diag-upgrade">
          <legend>{t('diagUpgradeFields')}</legend>
          {UPGRADE_FIELDS.map((f) => (
            <div className="wd-field" key={f.name}>
              <label htmlFor={`diag-up-${f.name}`}>{f.required && <span className="wd-required">*</span>}{t(f.label)}</label>
              <InputText
                id={`diag-up-${f.name}`}
                value={upgrade[f.name]}
                invalid={Boolean(upgradeErrors[f.name])}
                onChange={(e) => setUpgrade({ ...upgrade, [f.name]: e.target.value })}
              />
              {upgradeErrors[f.name] && <small className="wd-field-error" role="alert">{upgradeErrors[f.name]}</small>}
            </div>
          ))}
          <p className="wd-diag-hint">
            {t('diagUpgradePreview')} <code data-testid="upgrade-preview">{joinUpgrade(upgrade)}</code>
          </p>
          {errors.upgrade && <small className="wd-field-error" role="alert">{errors.upgrade}</small>}
        </fieldset>
      )}
      {isAlarm && (
        <div className="wd-field">
          <label htmlFor="diag-alarm-level"><span className="wd-required">*</span>{t('diagAlarmLevel')}</label>
          <Dropdown
            inputId="diag-alarm-level"
            value={alarmLevel}
            options={ALARM_LEVELS.map((l) => ({ value: l.value, label: t(l.label) }))}
            placeholder={t('diagChoose')}
            invalid={Boolean(errors.alarmLevel)}
            onChange={(e) => setAlarmLevel(e.value as number)}
          />
          {errors.alarmLevel && <small className="wd-field-error" role="alert">{errors.alarmLevel}</small>}
        </div>
      )}
      <IssueBar name="control" remark={remark} onRemark={onRemark} busy={busy} label={t('diagIssueInstruction')} errors={errors} />
    </form>
  );
}
