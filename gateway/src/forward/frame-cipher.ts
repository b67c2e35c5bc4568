/**
 * Encryption of the data units forwarded to a superior platform (GB/T 32960.3 table 2: 0x01
 * none, 0x02 RSA, 0x03 AES128; the 2025 edition adds 0x04 SM2 and 0x05 SM4), with the key from
 * the platform's row. The standard names the algorithms, not their modes, so this follows the
 * common practice of the platforms:
 * - AES128: ECB with PKCS#7 padding, the 16-byte key given as 32 hex digits;
 * - RSA: the superior platform's public key (PEM), OAEP padding (SHA-1), the data unit cut into
 *   blocks of modulus - 42 bytes, each encrypted to one modulus-sized block;
 * - SM4 (GB/T 32907): like AES128, ECB with PKCS#7 padding and a 32-hex-digit key;
 * - SM2 (GB/T 32918.4): the superior platform's public key in hex (04‖x‖y, or compressed), the
 *   ciphertext as C1‖C3‖C2 with C1 uncompressed (0x04 first).
 * node:crypto has neither SM algorithm; sm-crypto provides both. A key never appears in an
 * error message or a log.
 */
import { constants, createCipheriv, createPublicKey, publicEncrypt, type KeyObject } from 'node:crypto';
import smCrypto from 'sm-crypto';
import { Encryption, withDataUnit, type DataUnitTransform } from '@wdiov/contracts/protocol/index';

export class CipherKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CipherKeyError';
  }
}

const AES_KEY = /^[0-9a-fA-F]{32}$/;
/** SM2 public key: uncompressed (04, 64 bytes) or compressed (02/03, 32 bytes), in hex. */
const SM2_PUBLIC_KEY = /^(04[0-9a-fA-F]{128}|0[23][0-9a-fA-F]{64})$/;
/** C1‖C3‖C2, the order of GB/T 32918.4-2016. */
const SM2_C1C3C2 = 1;
/** OAEP with SHA-1 leaves this many bytes of each block for padding. */
const OAEP_SHA1_OVERHEAD = 42;

function aesEncryptor(key: string | null): DataUnitTransform {
  if (!key || !AES_KEY.test(key.trim())) throw new CipherKeyError('AES128 密钥应为 32 位十六进制');
  const bytes = Buffer.from(key.trim(), 'hex');
  return (unit) => {
    const cipher = createCipheriv('aes-128-ecb', bytes, null);
    return Buffer.concat([cipher.update(unit), cipher.final()]);
  };
}

function sm4Encryptor(key: string | null): DataUnitTransform {
  if (!key || !AES_KEY.test(key.trim())) throw new CipherKeyError('SM4 密钥应为 32 位十六进制');
  const bytes = [...Buffer.from(key.trim(), 'hex')];
  return (unit) => Uint8Array.from(smCrypto.sm4.encrypt([...unit], bytes, { padding: 'pkcs#7', output: 'array' }));
}

function sm2Encryptor(key: string | null): DataUnitTransform {
  const hex = key?.trim() ?? '';
  const invalid = new CipherKeyError('SM2 公钥无效 (应为十六进制的 04‖x‖y 或压缩形式)');
  if (!SM2_PUBLIC_KEY.test(hex)) throw invalid;
  try {
    // A point off the curve is refused by the first encryption: try one now rather than per frame.
    smCrypto.sm2.doEncrypt([0], hex, SM2_C1C3C2);
  } catch {
    throw invalid;
  }
  // sm-crypto leaves out C1's 0x04 prefix.
  return (unit) => Buffer.from(`04${smCrypto.sm2.doEncrypt([...unit], hex, SM2_C1C3C2)}`, 'hex');
}

function rsaEncryptor(pem: string | null): DataUnitTransform {
  let key: KeyObject;
  try {
    key = createPublicKey(pem ?? '');
  } catch {
    throw new CipherKeyError('RSA 公钥无效 (应为 PEM 格式)');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new CipherKeyError('RSA 公钥无效 (不是 RSA 密钥)');
  const blockBytes = (key.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  const chunk = blockBytes - OAEP_SHA1_OVERHEAD;
  return (unit) => {
    const blocks: Buffer[] = [];
    for (let i = 0; i < unit.length || i === 0; i += chunk) {
      blocks.push(publicEncrypt({ key, padding: constants.RSA_PKCS1_OAEP_PADDING }, unit.subarray(i, i + chunk)));
    }
    return Buffer.concat(blocks);
  };
}

/**
 * What a frame goes through before it is written to the platform: unchanged (no encryption),
 * or its data unit encrypted and the encryption byte set. Throws CipherKeyError for a key the
 * rule cannot use, and for rules this gateway does not implement.
 */
export function frameEncryptor(rule: number, key: string | null): (frame: Uint8Array) => Uint8Array {
  switch (rule) {
    case Encryption.none: return (frame) => frame;
    case Encryption.aes: {
      const encrypt = aesEncryptor(key);
      return (frame) => withDataUnit(frame, Encryption.aes, encrypt);
    }
    case Encryption.rsa: {
      const encrypt = rsaEncryptor(key);
      return (frame) => withDataUnit(frame, Encryption.rsa, encrypt);
    }
    case Encryption.sm4: {
      const encrypt = sm4Encryptor(key);
      return (frame) => withDataUnit(frame, Encryption.sm4, encrypt);
    }
    case Encryption.sm2: {
      const encrypt = sm2Encryptor(key);
      return (frame) => withDataUnit(frame, Encryption.sm2, encrypt);
    }
    default: throw new CipherKeyError(`不支持的加密方式 0x${rule.toString(16).padStart(2, '0')}`);
  }
}
