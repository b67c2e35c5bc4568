/**
 * Realtime info 0x02 drive motors: count BYTE + per motor 12 bytes (2016 table 11)
 * or 10 bytes (2025 table 16: speed offset 32000, torque becomes a DWORD, controller
 * voltage/current dropped).
 */
import { checkCount, required, type ByteReader, type ByteWriter } from './byte-io.ts';
import type { Edition } from './constants.ts';
import { byteReading, dwordReading, wordReading, type Reading } from './sentinels.ts';

export interface DriveMotor {
  seq: Reading;
  /** 1 consuming power, 2 generating, 3 off, 4 ready. */
  state: Reading;
  controllerTempC: Reading;
  speedRpm: Reading;
  torqueNm: Reading;
  temperatureC: Reading;
  /** 2016 only. */
  controllerVoltageV?: Reading;
  /** 2016 only. */
  controllerCurrentA?: Reading;
}

export interface DriveMotors {
  kind: 'motors';
  motors: DriveMotor[];
}

export const MotorState = { consuming: 1, generating: 2, off: 3, ready: 4 } as const;

export function decodeMotors(r: ByteReader, edition: Edition): DriveMotors {
  r.need(1, 'motor count');
  const count = r.u8();
  const is2016 = edition === '2016';
  r.need(count * (is2016 ? 12 : 10), 'motors');
  const motors: DriveMotor[] = [];
  for (let i = 0; i < count; i++) {
    if (is2016) {
      motors.push({
        seq: byteReading(r.u8(), 0),
        state: byteReading(r.u8(), 0),
        controllerTempC: byteReading(r.u8(), 40),
        speedRpm: wordReading(r.u16(), 1, 20000),
        torqueNm: wordReading(r.u16(), 10, 20000),
        temperatureC: byteReading(r.u8(), 40),
        controllerVoltageV: wordReading(r.u16(), 10, 0),
        controllerCurrentA: wordReading(r.u16(), 10, 10000),
      });
    } else {
      motors.push({
        seq: byteReading(r.u8(), 0),
        state: byteReading(r.u8(), 0),
        controllerTempC: byteReading(r.u8(), 40),
        speedRpm: wordReading(r.u16(), 1, 32000),
        torqueNm: dwordReading(r.u32(), 10, 200000),
        temperatureC: byteReading(r.u8(), 40),
      });
    }
  }
  return { kind: 'motors', motors };
}

export function encodeMotors(w: ByteWriter, m: DriveMotors, edition: Edition): void {
  checkCount(m.motors.length, 0xff, 'motors');
  w.u8(m.motors.length, 'motor count');
  const is2016 = edition === '2016';
  for (const motor of m.motors) {
    w.byteReading(motor.seq, 0, 'motor.seq');
    w.byteReading(motor.state, 0, 'motor.state');
    w.byteReading(motor.controllerTempC, 40, 'motor.controllerTempC');
    if (is2016) {
      w.wordReading(motor.speedRpm, 1, 20000, 'motor.speedRpm');
      w.wordReading(motor.torqueNm, 10, 20000, 'motor.torqueNm');
      w.byteReading(motor.temperatureC, 40, 'motor.temperatureC');
      w.wordReading(required(motor.controllerVoltageV, 'motor.controllerVoltageV'), 10, 0, 'motor.controllerVoltageV');
      w.wordReading(required(motor.controllerCurrentA, 'motor.controllerCurrentA'), 10, 10000, 'motor.controllerCurrentA');
    } else {
      w.wordReading(motor.speedRpm, 1, 32000, 'motor.speedRpm');
      w.dwordReading(motor.torqueNm, 10, 200000, 'motor.torqueNm');
      w.byteReading(motor.temperatureC, 40, 'motor.temperatureC');
    }
  }
}
