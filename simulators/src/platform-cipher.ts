/**
 * The superior platform's side of the data-unit encryption (GB/T 32960.3 table 2): an AES128
 * frame is decrypted with the shared key (ECB, PKCS#7), an RSA frame with the platform's private
 * key (OAEP, SHA-1, modulus-sized blocks), an SM4 frame with the shared key (ECB, PKCS#7), an
 * SM2 frame (C1‖C3‖C2) with the platform's private key, the way the forwarding gateway encrypts them.
 */
import { constants, createDecipheriv, createPrivateKey, privateDecrypt, type KeyObject } from 'node:crypto';
import smCrypto from 'sm-crypto';
import { ENCRYPTION_OFFSET } from '@wdiov/contracts/protocol/constants';
import { Encryption, withDataUnit } from '@wdiov/contracts/protocol/index';

export interface PlatformKeys {
  /** AES128 key, 32 hex digits. */
  aesKey?: string;
  /** RSA private key (PEM) whose public half the forwarding platform holds. */
  rsaPrivateKey?: string;
  /** SM4 key, 32 hex digits. */
  sm4Key?: string;
  /** SM2 private key (hex) whose public key the forwarding platform holds. */
  sm2PrivateKey?: string;
}

/** Decrypts a frame's data unit: the plain frame, or null when it cannot (no key, wrong key, unknown rule). */
export function frameDecryptor(keys: PlatformKeys): (frame: Uint8Array) => Uint8Array | null {
  const aes = keys.aesKey ? Buffer.from(keys.aesKey, 'hex') : null;
  const rsa: KeyObject | null = keys.rsaPrivateKey ? createPrivateKey(keys.rsaPrivateKey) : null;
  const rsaBlock = (rsa?.asymmetricKeyDetails?.modulusLength ?? 2048) / 8;
  const decryptAes = (unit: Uint8Array) => {
    const d = createDecipheriv('aes-128-ecb', aes!, null);
    return Buffer.concat([d.update(unit), d.final()]);
  };
  const decryptRsa = (unit: Uint8Array) => {
    if (unit.length % rsaBlock !== 0) throw new RangeError('RSA data unit is not whole blocks');
    const parts: Buffer[] = [];
    for (let i = 0; i < unit.length; i += rsaBlock) {
      parts.push(privateDecrypt({ key: rsa!, padding: constants.RSA_PKCS1_OAEP_PADDING }, unit.subarray(i, i + rsaBlock)));
    }
    return Buffer.concat(parts);
  };
  const sm4 = keys.sm4Key ? [...Buffer.from(keys.sm4Key, 'hex')] : null;
  const decryptSm4 = (unit: Uint8Array) => Uint8Array.from(smCrypto.sm4.decrypt([...unit], sm4!, { padding: 'pkcs#7', output: 'array' }));
  const decryptSm2 = (unit: Uint8Array) => {
    // C1 comes with its 0x04 prefix, which sm-crypto expects left out.
    if (unit[0] !== 0x04) throw new RangeError('SM2 C1 is not an uncompressed point');
    const hex = Buffer.from(unit.subarray(1)).toString('hex');
    const plain = smCrypto.sm2.doDecrypt(hex, keys.sm2PrivateKey!, 1, { output: 'array' }) as unknown as number[];
    // sm-crypto answers an empty result for a ciphertext whose C3 does not match.
    if (plain.length === 0 && unit.length > 97) throw new RangeError('SM2 C3 does not match');
    return Uint8Array.from(plain);
  };
  return (frame) => {
    try {
      switch (frame[ENCRYPTION_OFFSET]) {
        case Encryption.none: return frame;
        case Encryption.aes: return aes ? withDataUnit(frame, Encryption.none, decryptAes) : null;
        case Encryption.rsa: return rsa ? withDataUnit(frame, Encryption.none, decryptRsa) : null;
        case Encryption.sm4: return sm4 ? withDataUnit(frame, Encryption.none, decryptSm4) : null;
        case Encryption.sm2: return keys.sm2PrivateKey ? withDataUnit(frame, Encryption.none, decryptSm2) : null;
        default: return null;
      }
    } catch {
      return null;
    }
  };
}
