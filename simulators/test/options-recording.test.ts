// CLI options (defaults drive the demo fleet, clear errors) and the recording format.
import { DEMO_FLEET } from '@wdiov/contracts/simulation/index';
import { describe, expect, it } from 'vitest';
import { parseCli } from '../src/options.ts';
import { parseRecording, recordLine } from '../src/recording.ts';

describe('parseCli', () => {
  it('defaults to the demo fleet the gateway seeds, every 10 s, on the local ingest port', () => {
    const r = parseCli([]);
    if (r.kind !== 'run') throw new Error(r.kind);
    expect(r.options).toMatchObject({
      vehicles: DEMO_FLEET.count, seed: DEMO_FLEET.seed, rate: 0.1, host: '127.0.0.1', port: 32960, edition: '2016',
      city: 'shenzhen', durationS: null, replay: null, record: null,
    });
    expect(r.options.alarmRate * DEMO_FLEET.count / 60).toBeGreaterThan(2); // a few alarms a minute
  });

  it('reads every option', () => {
    const r = parseCli([
      '--vehicles', '5', '--rate', '1', '--seed', '9', '--host', 'gw', '--port', '4000', '--duration', '30', '--edition', '2025',
      '--alarm-rate', '4', '--fault-rate', '0', '--fence-rate', '2', '--city', 'chengdu', '--fence', '104.1,30.6',
      '--fence', '104.2,30.7,150', '--cells', '384', '--ramp', '0', '--record', 'out.txt',
    ]);
    if (r.kind !== 'run') throw new Error(r.kind);
    expect(r.options).toMatchObject({
      vehicles: 5, rate: 1, seed: 9, host: 'gw', port: 4000, durationS: 30, edition: '2025', alarmRate: 4, faultRate: 0,
      fenceRate: 2, city: 'chengdu', cells: 384, rampS: 0, record: 'out.txt',
    });
    expect(r.options.fences?.map((f) => [f.lng, f.lat, f.radiusM])).toEqual([[104.1, 30.6, 300], [104.2, 30.7, 150]]);
  });

  it.each([
    [['--vehicles', '0'], /--vehicles must be an integer from 1/],
    [['--vehicles', '2.5'], /--vehicles must be an integer/],
    [['--rate', 'fast'], /--rate must be a number .* got 'fast'/],
    [['--rate', '100'], /--rate must be a number from 0.001 to 10/],
    [['--port', '70000'], /--port/],
    [['--edition', '2020'], /--edition must be 2016 or 2025/],
    [['--city', 'paris'], /--city must be one of shenzhen, beijing/],
    [['--fence', '114'], /--fence must be LNG,LAT/],
    [['--replay', 'a', '--record', 'b'], /cannot be combined/],
    [['--nope'], /Unknown option '--nope'/],
    [['stray'], /positional/i],
  ])('%j is refused with a clear message', (argv, message) => {
    const r = parseCli(argv);
    expect(r.kind).toBe('error');
    if (r.kind === 'error') expect(r.message).toMatch(message);
  });

  it('--help and -h ask for help', () => {
    expect(parseCli(['--help']).kind).toBe('help');
    expect(parseCli(['-h', '--rate', 'x']).kind).toBe('help');
  });
});

describe('recordings', () => {
  it('reads ms,hex and plain hex lines, times relative to the first frame', () => {
    const text = `# comment\n1000,232307fe\n\n1250, 2323 07fe \n2323\n`;
    const { frames, errors } = parseRecording(text);
    expect(errors).toEqual([]);
    expect(frames.map((f) => [f.ms, f.bytes.length, f.line])).toEqual([[0, 4, 2], [250, 4, 4], [null, 2, 5]]);
  });

  it('names unreadable lines', () => {
    const { frames, errors } = parseRecording('abc\nx,2323\n-5,2323\n2323');
    expect(frames).toHaveLength(1);
    expect(errors).toEqual(['line 1: not an even-length hex string', "line 2: 'x' is not a time in ms", "line 3: '-5' is not a time in ms"]);
  });

  it('writes what it reads', () => {
    const bytes = Uint8Array.of(0x23, 0x23, 0x02, 0xfe);
    const { frames } = parseRecording(recordLine(12.4, bytes));
    expect(frames[0].ms).toBe(0);
    expect([...frames[0].bytes]).toEqual([...bytes]);
    expect(recordLine(12.4, bytes)).toBe('12,232302fe\n');
  });
});
