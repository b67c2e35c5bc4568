/**
 * Command-line options of `npm run simulate`: parsing, defaults and clear errors. The
 * defaults drive DEMO_FLEET (the vehicles the gateway seeds) against a local gateway, so
 * `npm start` + `npm run simulate` shows a living fleet with no flags.
 */
import { parseArgs } from 'node:util';
import type { Edition } from '@wdiov/contracts/protocol/index';
import {
  CITY_KEYS, DEFAULT_CITY, DEMO_FLEET, MAX_DEMO_FLEET, isCityKey, type FenceSite,
} from '@wdiov/contracts/simulation/index';
import type { FleetOptions } from './fleet.ts';
import { needsRegistration } from './register.ts';
import { SAFETY_CONDITIONS, type SafetyConditionName, type SafetyConditions } from './safety-conditions.ts';

export interface CliOptions extends FleetOptions {
  /** Seconds to run; null = until Ctrl-C. */
  durationS: number | null;
  replay: string | null;
  record: string | null;
  /** Register the fleet's missing vehicles with the gateway before connecting. */
  register: boolean;
  /** The gateway's HTTP address (for --register). */
  api: string;
  /** Play a superior platform on this TCP port instead of driving vehicles. */
  platformListen: number | null;
  /** HTTP control port of the superior platform (POST /refuse, /accept, /drop, /stop, /start; GET /records). */
  platformControl: number | null;
  platformUser: string | null;
  platformPassword: string | null;
  /** AES128 key (32 hex digits) the platform decrypts AES frames with. */
  platformAesKey: string | null;
  /** File with the RSA private key (PEM) the platform decrypts RSA frames with. */
  platformRsaKey: string | null;
  /** SM4 key (32 hex digits) the platform decrypts SM4 frames with. */
  platformSm4Key: string | null;
  /** SM2 private key (64 hex digits) the platform decrypts SM2 frames with. */
  platformSm2Key: string | null;
}

export type CliParse = { kind: 'run'; options: CliOptions } | { kind: 'help' } | { kind: 'error'; message: string };

export const DEFAULTS = {
  vehicles: DEMO_FLEET.count, rate: 0.1, seed: DEMO_FLEET.seed, host: '127.0.0.1', port: 32960, edition: '2016' as Edition,
  // Per vehicle-hour: 200 vehicles then raise ~3 alarms, ~1.7 faults and ~1.7 fence detours a minute.
  alarmRate: 1, faultRate: 0.5, fenceRate: 0.5, city: DEFAULT_CITY, rampS: 5, cells: 96,
} as const;

export const USAGE = `Usage: npm run simulate -- [options]

Drives virtual electric vehicles that speak GB/T 32960 over TCP to the gateway's ingest:
each logs in, drives around a city, reports, raises and clears alarms, faults and fence
crossings, and logs out on Ctrl-C. Deterministic for a seed (apart from wall-clock time).

Options:
  --vehicles N        vehicles to simulate (default ${DEFAULTS.vehicles}; the gateway seeds ${DEMO_FLEET.count} for seed ${DEMO_FLEET.seed})
  --rate HZ           reports per second per vehicle (default ${DEFAULTS.rate} = every 10 s; max 10)
  --seed S            seed of identities and behaviour (default ${DEFAULTS.seed})
  --host HOST         ingest host (default ${DEFAULTS.host})
  --port PORT         ingest port (default ${DEFAULTS.port})
  --duration S        stop after S seconds (default: run until Ctrl-C)
  --edition E         protocol edition 2016 or 2025 (default ${DEFAULTS.edition})
  --alarm-rate R      alarms per vehicle-hour (default ${DEFAULTS.alarmRate}; 10 % are level 3)
  --fault-rate R      faults per vehicle-hour (default ${DEFAULTS.faultRate})
  --fence-rate R      fence detours per vehicle-hour (default ${DEFAULTS.fenceRate})
  --city NAME         ${CITY_KEYS.join(', ')} (default ${DEFAULTS.city})
  --fence LNG,LAT[,R] drive through this fence point (radius R m, default 300) instead of
                      the city's fence sites; repeat for several
  --cells N           cells per battery pack (default ${DEFAULTS.cells}; over 200 splits 2016 frames)
  --inject LIST       drive every vehicle into conditions for the safety models, comma-separated:
                      ${SAFETY_CONDITIONS.join(', ')} (insulation at 50 Ω/V, a cell sagging
                      0.7 V while charging, a broken sense wire between cells 11 and 12, a
                      motor at 95 °C and its controller at 130 °C while running, a DC/DC at
                      100 °C in the 2025 fuel-cell system unit)
  --clock-offset-days D  the terminals' clocks run D days behind, so their data look D days old
  --ramp S            spread connection starts over S seconds (default ${DEFAULTS.rampS})
  --register          first register the fleet's missing vehicles with the gateway (default:
                      on unless the fleet is the seeded demo fleet, seed ${DEMO_FLEET.seed} and at most ${DEMO_FLEET.count})
  --no-register       never register; vehicles the gateway does not know are refused
  --api URL           the gateway's HTTP address for --register (default http://HOST:8080)
  --record FILE       write every frame sent to FILE as 'ms,hex' lines
  --replay FILE       send the frames of FILE ('hex' or 'ms,hex' per line) instead of simulating
  --platform-listen PORT     play a superior platform on PORT instead: accept platform logins
                             (0x05), record the realtime and reissue frames forwarded to it
  --platform-control PORT    HTTP control of that platform: POST /refuse /accept /drop /stop
                             /start, GET /records (stdin takes the same words, one a line)
  --platform-user U, --platform-password P   the only credentials it accepts (default: any)
  --platform-aes-key HEX     decrypt AES128 frames with this key (32 hex digits)
  --platform-rsa-key FILE    decrypt RSA frames with the private key (PEM) in FILE
  --platform-sm4-key HEX     decrypt SM4 frames with this key (32 hex digits)
  --platform-sm2-key HEX     decrypt SM2 frames with this private key (64 hex digits)
  -h, --help          show this help

Examples:
  npm run simulate                                   # the demo fleet against npm start
  npm run simulate -- --vehicles 10000 --rate 1 --ramp 30
  npm run simulate -- --city beijing --edition 2025 --alarm-rate 20 --duration 300
  npm run simulate -- --record run.txt --duration 60 && npm run simulate -- --replay run.txt
  npm run simulate -- --platform-listen 32961 --platform-control 32962`;

const SPEC = {
  vehicles: { type: 'string' }, rate: { type: 'string' }, seed: { type: 'string' }, host: { type: 'string' },
  port: { type: 'string' }, duration: { type: 'string' }, edition: { type: 'string' }, 'alarm-rate': { type: 'string' },
  'fault-rate': { type: 'string' }, 'fence-rate': { type: 'string' }, city: { type: 'string' },
  fence: { type: 'string', multiple: true }, cells: { type: 'string' }, ramp: { type: 'string' },
  inject: { type: 'string' }, 'clock-offset-days': { type: 'string' },
  record: { type: 'string' }, replay: { type: 'string' }, help: { type: 'boolean', short: 'h' },
  register: { type: 'boolean' }, 'no-register': { type: 'boolean' }, api: { type: 'string' },
  'platform-listen': { type: 'string' }, 'platform-control': { type: 'string' }, 'platform-user': { type: 'string' },
  'platform-password': { type: 'string' }, 'platform-aes-key': { type: 'string' }, 'platform-rsa-key': { type: 'string' },
  'platform-sm4-key': { type: 'string' }, 'platform-sm2-key': { type: 'string' },
} as const;

class OptionError extends Error {}

function num(name: string, text: string | undefined, fallback: number, min: number, max: number, integer = false): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  const kind = integer ? 'an integer' : 'a number';
  if (text.trim() === '' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min || value > max) {
    throw new OptionError(`--${name} must be ${kind} from ${min} to ${max}, got '${text}'`);
  }
  return value;
}

function fenceOf(text: string, i: number): FenceSite {
  const parts = text.split(',').map((p) => Number(p.trim()));
  const [lng, lat, radiusM = 300] = parts;
  if (parts.length < 2 || parts.length > 3 || parts.some((p) => !Number.isFinite(p)) || Math.abs(lng) > 180 || Math.abs(lat) > 90 || radiusM <= 0) {
    throw new OptionError(`--fence must be LNG,LAT or LNG,LAT,RADIUS_M (e.g. 114.07,22.52,300), got '${text}'`);
  }
  return { id: `cli-fence-${i + 1}`, name: `fence ${i + 1}`, lng, lat, radiusM };
}

function conditionsOf(inject: string | undefined, offset: string | undefined): SafetyConditions | undefined {
  if (inject === undefined && offset === undefined) return undefined;
  const names = (inject ?? '').split(',').map((n) => n.trim()).filter((n) => n !== '');
  for (const n of names) {
    if (!(SAFETY_CONDITIONS as readonly string[]).includes(n)) throw new OptionError(`--inject takes ${SAFETY_CONDITIONS.join(', ')}, got '${n}'`);
  }
  return { inject: names as SafetyConditionName[], clockOffsetDays: num('clock-offset-days', offset, 0, 0, 3650) };
}

export function parseCli(argv: readonly string[]): CliParse {
  let values;
  try {
    ({ values } = parseArgs({ args: [...argv], options: SPEC, strict: true, allowPositionals: false }));
  } catch (e) {
    return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
  }
  if (values.help) return { kind: 'help' };
  try {
    const edition = values.edition ?? DEFAULTS.edition;
    if (edition !== '2016' && edition !== '2025') throw new OptionError(`--edition must be 2016 or 2025, got '${edition}'`);
    const city = values.city ?? DEFAULTS.city;
    if (!isCityKey(city)) throw new OptionError(`--city must be one of ${CITY_KEYS.join(', ')}, got '${city}'`);
    const host = values.host ?? DEFAULTS.host;
    if (host.trim() === '') throw new OptionError('--host must not be empty');
    if (values.register && values['no-register']) throw new OptionError('--register and --no-register contradict each other');
    const api = values.api ?? `http://${host.includes(':') ? `[${host}]` : host}:8080`;
    if (!/^https?:\/\/[^/]+/.test(api)) throw new OptionError(`--api must be an http(s) URL, got '${api}'`);
    if (values.replay !== undefined && values.record !== undefined) {
      throw new OptionError('--record writes what the simulator sends; it cannot be combined with --replay');
    }
    const options: CliOptions = {
      vehicles: num('vehicles', values.vehicles, DEFAULTS.vehicles, 1, MAX_DEMO_FLEET, true),
      rate: num('rate', values.rate, DEFAULTS.rate, 0.001, 10),
      seed: num('seed', values.seed, DEFAULTS.seed, 0, 0xffffffff, true),
      host,
      port: num('port', values.port, DEFAULTS.port, 1, 65535, true),
      edition,
      alarmRate: num('alarm-rate', values['alarm-rate'], DEFAULTS.alarmRate, 0, 3600),
      faultRate: num('fault-rate', values['fault-rate'], DEFAULTS.faultRate, 0, 3600),
      fenceRate: num('fence-rate', values['fence-rate'], DEFAULTS.fenceRate, 0, 3600),
      city,
      fences: values.fence?.map(fenceOf),
      rampS: num('ramp', values.ramp, DEFAULTS.rampS, 0, 3600),
      cells: num('cells', values.cells, DEFAULTS.cells, 1, 1000, true),
      conditions: conditionsOf(values.inject, values['clock-offset-days']),
      durationS: values.duration === undefined ? null : num('duration', values.duration, 0, 0.1, 365 * 86400),
      replay: values.replay ?? null,
      record: values.record ?? null,
      register: false,
      api,
      platformListen: values['platform-listen'] === undefined ? null : num('platform-listen', values['platform-listen'], 0, 1, 65535, true),
      platformControl: values['platform-control'] === undefined ? null : num('platform-control', values['platform-control'], 0, 1, 65535, true),
      platformUser: values['platform-user'] ?? null,
      platformPassword: values['platform-password'] ?? null,
      platformAesKey: values['platform-aes-key'] ?? null,
      platformRsaKey: values['platform-rsa-key'] ?? null,
      platformSm4Key: values['platform-sm4-key'] ?? null,
      platformSm2Key: values['platform-sm2-key'] ?? null,
    };
    if (options.platformControl !== null && options.platformListen === null) throw new OptionError('--platform-control needs --platform-listen');
    if (options.platformAesKey !== null && !/^[0-9a-fA-F]{32}$/.test(options.platformAesKey)) throw new OptionError('--platform-aes-key: 32 hex digits');
    if (options.platformSm4Key !== null && !/^[0-9a-fA-F]{32}$/.test(options.platformSm4Key)) throw new OptionError('--platform-sm4-key: 32 hex digits');
    if (options.platformSm2Key !== null && !/^[0-9a-fA-F]{64}$/.test(options.platformSm2Key)) throw new OptionError('--platform-sm2-key: 64 hex digits');
    options.register = values['no-register'] ? false : (values.register ?? needsRegistration(options));
    return { kind: 'run', options };
  } catch (e) {
    if (e instanceof OptionError) return { kind: 'error', message: e.message };
    throw e;
  }
}
