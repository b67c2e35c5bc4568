/**
 * GB/T 32960.3 framing constants (2016 and 2025 editions).
 * Frame: start(2) cmd(1) flag(1) vin(17) encryption(1) length WORD(2) data(n) bcc(1).
 */

/** '2016' frames start with '##', '2025' frames with '$$'; one server accepts both. */
export type Edition = '2016' | '2025';
export const Edition = { V2016: '2016', V2025: '2025' } as const satisfies Record<string, Edition>;

export const START_2016 = 0x23; // '#'
export const START_2025 = 0x24; // '$'

export const HEADER_LENGTH = 24; // start .. data-unit length, inclusive
export const VIN_OFFSET = 4;
export const VIN_LENGTH = 17;
export const ENCRYPTION_OFFSET = 21;
export const LENGTH_OFFSET = 22;
export const BODY_OFFSET = 24;
/** Header plus BCC: an empty data unit (heartbeat) makes the smallest frame. */
export const MIN_FRAME_LENGTH = 25;
/** Largest data unit the standard allows (0..65531). */
export const MAX_BODY_LENGTH = 65531;
export const MAX_FRAME_LENGTH = MIN_FRAME_LENGTH + MAX_BODY_LENGTH;

/** Command ids (table 3 / B.2). 0x09–0x0B are 2025 only; 0xC0–0xFE are platform-exchange custom. */
export const Command = {
  vehicleLogin: 0x01,
  realtime: 0x02,
  reissue: 0x03,
  vehicleLogout: 0x04,
  platformLogin: 0x05,
  platformLogout: 0x06,
  heartbeat: 0x07,
  timeSync: 0x08,
  activation: 0x09,
  activationResponse: 0x0a,
  keyExchange: 0x0b,
  queryParams: 0x80,
  setParams: 0x81,
  terminalControl: 0x82,
} as const;
export type Command = (typeof Command)[keyof typeof Command];

/** Response flags (table 4). 0x04–0x07 are 2025 only; 0xFE marks a command (request) packet. */
export const ResponseFlag = {
  success: 0x01,
  /** 2016 "error", 2025 "other error". */
  error: 0x02,
  vinDuplicate: 0x03,
  vinNotFound: 0x04,
  signatureInvalid: 0x05,
  dataStructureError: 0x06,
  decryptionError: 0x07,
  command: 0xfe,
} as const;
export type ResponseFlag = (typeof ResponseFlag)[keyof typeof ResponseFlag];

/** Data-unit encryption byte. 0x04/0x05 are 2025 only. */
export const Encryption = {
  none: 0x01,
  rsa: 0x02,
  aes: 0x03,
  sm2: 0x04,
  sm4: 0x05,
  abnormal: 0xfe,
  invalid: 0xff,
} as const;

/** True for encryption codes whose data unit is ciphertext (then it is kept as raw bytes). */
export function isEncrypted(encryption: number): boolean {
  return encryption >= Encryption.rsa && encryption <= Encryption.sm4;
}
