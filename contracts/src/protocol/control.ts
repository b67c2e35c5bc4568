/**
 * Terminal control (0x82) command ids and readers for their arguments
 * (2016 tables B.15–B.17, 2025 tables B.11–B.13). The arguments stay bytes in the
 * decoded frame so they re-encode exactly; these helpers interpret them.
 */
import { byteReading, type Reading } from './sentinels.ts';

/** Control command ids (2016 table B.15, 2025 table B.11). */
export const ControlCommand = {
  upgrade: 0x01, shutdown: 0x02, reset: 0x03, factoryReset: 0x04, disconnect: 0x05, alarm: 0x06, openSamplingLink: 0x07,
} as const;

/** Control 0x06 alarm/warning: its level (0 none … 3, 2025 also 4; 0xFF invalid). */
export function controlAlarmLevel(args: Uint8Array): Reading | undefined {
  return args.length > 0 ? byteReading(args[0], 0) : undefined;
}

/** Control 0x01 remote upgrade: the ';'-separated fields in the standard's order (table B.15/B.11). */
export function controlUpgradeFields(args: Uint8Array): Record<string, string> {
  let text = '';
  for (let i = 0; i < args.length; i++) text += String.fromCharCode(args[i]);
  const names = ['url', 'apn', 'user', 'password', 'address', 'port', 'manufacturerId', 'hardwareVersion', 'firmwareVersion', 'timeoutMin'];
  const parts = text.split(';');
  const out: Record<string, string> = {};
  names.forEach((name, i) => (out[name] = parts[i] ?? ''));
  return out;
}
