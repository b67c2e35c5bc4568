import { ControlCommand } from '@wdiov/contracts/protocol/control';
import type { MessageKey } from '../i18n/i18n';

/** Terminal control commands (table B.15/B.11) as the control form offers them. */
export interface CommandDef {
  id: number;
  label: MessageKey;
  /** Commands that cut the terminal off or wipe it: asked again, naming the vehicle. */
  confirm: boolean;
}

export const COMMANDS: readonly CommandDef[] = [
  { id: ControlCommand.upgrade, label: 'diagCmdUpgrade', confirm: false },
  { id: ControlCommand.shutdown, label: 'diagCmdShutdown', confirm: true },
  { id: ControlCommand.reset, label: 'diagCmdReset', confirm: true },
  { id: ControlCommand.factoryReset, label: 'diagCmdFactoryReset', confirm: true },
  { id: ControlCommand.disconnect, label: 'diagCmdDisconnect', confirm: true },
  { id: ControlCommand.alarm, label: 'diagCmdAlarm', confirm: false },
  { id: ControlCommand.openSamplingLink, label: 'diagCmdSamplingLink', confirm: false },
];

export const commandDef = (id: number) => COMMANDS.find((c) => c.id === id);

/**
 * The fields of a remote upgrade in the standard's order; they travel as one text joined by ';'
 * (the same order contracts' controlUpgradeFields reads them back in).
 */
export const UPGRADE_FIELDS = [
  { name: 'url', label: 'diagUpUrl', required: true },
  { name: 'apn', label: 'diagUpApn', required: false },
  { name: 'user', label: 'diagUpUser', required: false },
  { name: 'password', label: 'diagUpPassword', required: false },
  { name: 'address', label: 'diagUpAddress', required: false },
  { name: 'port', label: 'diagUpPort', required: false },
  { name: 'manufacturerId', label: 'diagUpManufacturer', required: false },
  { name: 'hardwareVersion', label: 'diagUpHardware', required: false },
  { name: 'firmwareVersion', label: 'diagUpFirmware', required: false },
  { name: 'timeoutMin', label: 'diagUpTimeout', required: false },
] as const satisfies readonly { name: string; label: MessageKey; required: boolean }[];

export type UpgradeField = (typeof UPGRADE_FIELDS)[number]['name'];
export type UpgradeValues = Record<UpgradeField, string>;

export const EMPTY_UPGRADE = Object.fromEntries(UPGRADE_FIELDS.map((f) => [f.name, ''])) as UpgradeValues;

/** The ';'-joined argument; trailing empty fields are kept so the positions stay the standard's. */
export function joinUpgrade(values: UpgradeValues): string {
  return UPGRADE_FIELDS.map((f) => values[f.name].trim()).join(';');
}

/**
 * Problems of the upgrade fields, by field, as message keys: a ';' would shift every later field,
 * the versions are 5 bytes on the wire, the port and the time limit are WORDs.
 */
export function checkUpgrade(values: UpgradeValues): Partial<Record<UpgradeField, MessageKey>> {
  const out: Partial<Record<UpgradeField, MessageKey>> = {};
  for (const f of UPGRADE_FIELDS) {
    const v = values[f.name].trim();
    if (f.required && !v) out[f.name] = 'diagValUpgradeUrl';
    else if (v.includes(';')) out[f.name] = 'diagValUpgradeSemicolon';
  }
  const word = (v: string) => v === '' || (/^\d+$/.test(v) && Number(v) <= 0xffff);
  if (!out.port && !word(values.port.trim())) out.port = 'diagValUpgradeNumber';
  if (!out.timeoutMin && !word(values.timeoutMin.trim())) out.timeoutMin = 'diagValUpgradeNumber';
  for (const name of ['hardwareVersion', 'firmwareVersion'] as const) {
    if (!out[name] && values[name].trim().length > 5) out[name] = 'diagValUpgradeVersion';
  }
  return out;
}

/** Alarm levels of control 0x06: 0 none, 1–3, and 4 which only 2025 terminals know. */
export const ALARM_LEVELS: readonly { value: number; label: MessageKey }[] = [
  { value: 0, label: 'diagAlarmLevel0' },
  { value: 1, label: 'diagAlarmLevel1' },
  { value: 2, label: 'diagAlarmLevel2' },
  { value: 3, label: 'diagAlarmLevel3' },
  { value: 4, label: 'diagAlarmLevel4' },
];
