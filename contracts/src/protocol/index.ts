/**
 * GB/T 32960.3 (2016 '##' and 2025 '$$') codec, streaming framer, response builders,
 * J1939 DM1 and UDS DTC decoders. Pure TypeScript on Uint8Array/DataView: runs in the
 * gateway ingest and in the browser alike.
 */
export {
  Command, Edition, Encryption, ResponseFlag, MAX_BODY_LENGTH, MAX_FRAME_LENGTH, MIN_FRAME_LENGTH, isEncrypted,
} from './constants.ts';
export { ABNORMAL, INVALID, hasValue, type Reading, type Sentinel } from './sentinels.ts';
export { formatGbTime, gbTimeFromEpochMs, gbTimeToEpochMs, isValidGbTime, type GbTime } from './time.ts';
export {
  bcc, decodeFrame, encodeFrame, frameBody, type DecodeErrorCode, type DecodeOptions, type DecodeResult, type Frame, type FrameHeader,
} from './frame.ts';
export { createFramer, type Framer, type FramerOptions, type FramerStats } from './framer.ts';
export { ControlCommand, controlAlarmLevel, controlUpgradeFields } from './control.ts';
export {
  type AckBody, type ActivationBody, type ActivationResultBody, type ControlBody, type EmptyBody, type EncryptedBody,
  type FrameBody, type KeyExchangeBody, type LoginBody, type LogoutBody, type ParamsBody, type PlatformLoginBody,
  type QueryParamsBody, type RawBody,
} from './commands.ts';
export { PARAMS, ParamId, type ParamDefinition, type ParamItem } from './params.ts';
export {
  InfoType2016, InfoType2025, SignatureAlgorithm, infoTypeOf,
  type CustomData, type RealtimeBody, type RealtimeItem, type Signature, type UnknownData,
} from './realtime.ts';
export {
  ChargeState, RunMode, VehicleState, decodeGear, encodeGear, gearLabel, type GearState, type VehicleData,
} from './realtime-vehicle.ts';
export { MotorState, type DriveMotor, type DriveMotors } from './realtime-motors.ts';
export {
  type FuelCellData, type FuelCellStack, type FuelCellStacks, type FuelCellSystemData,
} from './realtime-fuel-cell.ts';
export {
  CoordinateSystem, signedCoordinates, type EngineData, type VehiclePosition,
} from './realtime-engine-position.ts';
export { type ExtremeValues } from './realtime-extremes.ts';
export { type AlarmData, type AlarmFlagLevel } from './realtime-alarm.ts';
export {
  SKIPPED_READINGS, cellCountOf, cellVoltageAt, temperatureAt, temperatureCountOf, type CellVoltagePack, type CellVoltages, type ProbeTemperaturePack, type ProbeTemperatures,
} from './realtime-ress.ts';
export { type SupercapacitorData, type SupercapacitorExtremes } from './realtime-supercapacitor.ts';
export {
  ALARM_FLAGS, ALARM_LEVELS, activeAlarms, alarmFlagInfo, reservedAlarmBits,
  type ActiveAlarm, type AlarmFlagInfo, type AlarmLevelInfo,
} from './alarm-flags.ts';
export {
  buildErrorAck, buildHeartbeatAck, buildLoginAck, buildResponse, buildTimeSyncAck, messageTime, messageTimeOfBytes,
  type ResponseTarget,
} from './responses.ts';
export {
  DM1_PGN, DM2_PGN, FMI_TEXT, decodeDm1, decodeJ1939Dtc, encodeJ1939Dtc, fmiText,
  type Dm1, type Dm1Result, type J1939Dtc, type LampFlash, type LampStatus, type Lamps,
} from './j1939-dm1.ts';
export {
  ALL_DTC_GROUP, DtcFormat, decodeUdsDtc, decodeUdsDtcReport, decodeUdsStatus, j2012Code, udsDtcFromNumber,
  type DtcSystem, type UdsDtc, type UdsDtcReport, type UdsDtcReportResult, type UdsDtcResult, type UdsDtcStatus,
} from './uds-dtc.ts';
export {
  MAX_LOGIN_SEQ, PLATFORM_ENCRYPTION, buildPlatformHeartbeat, buildPlatformLogin, buildPlatformLogout, parsePlatformResponse,
  realtimeTimeOf, reframeForPlatform, responseFlagText, withDataUnit, type DataUnitTransform, type PlatformIdentity, type PlatformResponse,
} from './platform-link.ts';
