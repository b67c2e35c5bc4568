import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import smCrypto from 'sm-crypto';
import { bcc, Command, decodeFrame, encodeFrame, Encryption } from '@wdiov/contracts/protocol/index';
import { frameDecryptor } from '../../../simulators/src/platform-cipher.ts';
import { CipherKeyError, frameEncryptor } from './frame-cipher.ts';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
/** A frame carrying exactly these data-unit bytes. */
const frameWith = (unit: string) => encodeFrame({
  edition: '2016', command: Command.reissue, responseFlag: 0xfe, vin: 'LSJE24066JG229589', encryption: Encryption.none,
  body: { kind: 'raw', data: Buffer.from(unit, 'hex') },
});
const unitOf = (frame: Uint8Array) => frame.subarray(24, frame.length - 1);

/** V1 of the reference (a 312-byte realtime frame, 2016 edition). */
const V1 = Buffer.from('232302fe4c534a4532343036364a4732323935383901011f14090812110c01020101000000031fec0e8026bb45021013dd0000050007381f0701d8cc8c06013e0f20010c0f1701054e01074c070000000000000000000801010e8126bb00600001600f1b0f1b0f190f1a0f1a0f1a0f1a0f180f1a0f1a0f1b0f170f1b0f1b0f1b0f1c0f190f1a0f1a0f1b0f1a0f1a0f1a0f1a0f1a0f1a0f1a0f190f1a0f190f1b0f1a0f1b0f1a0f190f1a0f1b0f1b0f1a0f1b0f1a0f1d0f1a0f1a0f1b0f1c0f1d0f1d0f1c0f1b0f1b0f1c0f1a0f1d0f1d0f1c0f1d0f1d0f1b0f1b0f1a0f200f1d0f1a0f1a0f1a0f1a0f1b0f1b0f1b0f1a0f1c0f1b0f1a0f1a0f1a0f1b0f1e0f1d0f1b0f1c0f1d0f1d0f1d0f1d0f1c0f1b0f1b0f1d0f1c0f1c0f1c0f1c0f1d0f1b0f1d09010100104d4d4d4d4e4d4c4c4d4c4d4d4d4d4d4c2a', 'hex');

describe('data-unit encryption of forwarded frames (table 2)', () => {
  it('AES128: the known vectors of FIPS-197 C.1 and SP 800-38A F.1.1 as the first block, PKCS#7 padding, flag 0x03', () => {
    for (const [key, plain, cipher] of [
      ['000102030405060708090a0b0c0d0e0f', '00112233445566778899aabbccddeeff', '69c4e0d86a7b0430d8cdb78070b4c55a'],
      ['2b7e151628aed2a6abf7158809cf4f3c', '6bc1bee22e409f96e93d7e117393172a', '3ad77bb40d7a3660a89ecaf32466ef97'],
    ]) {
      const out = frameEncryptor(Encryption.aes, key!)(frameWith(plain!));
      expect(out[21]).toBe(Encryption.aes);
      expect((out[22]! << 8) | out[23]!).toBe(32);
      expect(hex(unitOf(out)).slice(0, 32)).toBe(cipher);
      expect(out[out.length - 1]).toBe(bcc(out, 2, out.length - 1));
      expect(hex(frameDecryptor({ aesKey: key })(out)!)).toBe(hex(frameWith(plain!)));
    }
  });

  it('AES128: a whole realtime frame goes encrypted and the superior platform reads it back byte for byte', () => {
    const key = '2b7e151628aed2a6abf7158809cf4f3c';
    const out = frameEncryptor(Encryption.aes, key)(V1);
    expect(out.length).toBe(25 + 288);
    const decoded = decodeFrame(out);
    expect(decoded.ok && decoded.frame.body.kind).toBe('encrypted');
    expect(hex(frameDecryptor({ aesKey: key })(out)!)).toBe(hex(V1));
    expect(frameDecryptor({ aesKey: '000102030405060708090a0b0c0d0e0f' })(out)).toBeNull();
  });

  it('RSA: OAEP blocks of the modulus size with the platform public key; its private key restores the frame', () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    const out = frameEncryptor(Encryption.rsa, publicKey)(V1);
    expect(out[21]).toBe(Encryption.rsa);
    // 287 bytes in blocks of 256 - 42 = 214: two blocks of 256.
    expect(unitOf(out).length).toBe(512);
    const first = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING }, unitOf(out).subarray(0, 256));
    expect(hex(first)).toBe(hex(V1.subarray(24, 24 + 214)));
    expect(hex(frameDecryptor({ rsaPrivateKey: privateKey })(out)!)).toBe(hex(V1));
  });

  it('SM4: the example of GB/T 32907 (key = plaintext = 0123456789abcdeffedcba9876543210) as the first block, PKCS#7 padding, flag 0x05', () => {
    const key = '0123456789abcdeffedcba9876543210';
    const out = frameEncryptor(Encryption.sm4, key)(frameWith(key));
    expect(out[21]).toBe(Encryption.sm4);
    expect((out[22]! << 8) | out[23]!).toBe(32);
    expect(hex(unitOf(out)).slice(0, 32)).toBe('681edf34d206965e86b3e94f536e4246');
    expect(out[out.length - 1]).toBe(bcc(out, 2, out.length - 1));
    expect(hex(frameDecryptor({ sm4Key: key })(frameEncryptor(Encryption.sm4, key)(V1))!)).toBe(hex(V1));
    expect(frameDecryptor({ sm4Key: '000102030405060708090a0b0c0d0e0f' })(out)).toBeNull();
  });

  it('SM2: C1‖C3‖C2 with the platform public key (C1 uncompressed, 0x04 first); its private key restores the frame', () => {
    const { publicKey, privateKey } = smCrypto.sm2.generateKeyPairHex();
    const out = frameEncryptor(Encryption.sm2, publicKey)(V1);
    expect(out[21]).toBe(Encryption.sm2);
    // C1 65 bytes, C3 (SM3) 32 bytes, C2 as long as the plain data unit (287 bytes).
    expect(unitOf(out).length).toBe(65 + 32 + 287);
    expect(unitOf(out)[0]).toBe(0x04);
    expect(out[out.length - 1]).toBe(bcc(out, 2, out.length - 1));
    expect(hex(frameDecryptor({ sm2PrivateKey: privateKey })(out)!)).toBe(hex(V1));
    expect(frameDecryptor({ sm2PrivateKey: smCrypto.sm2.generateKeyPairHex().privateKey })(out)).toBeNull();
  });

  it('no encryption leaves the frame as it is; a key the rule cannot use is refused without being repeated', () => {
    expect(frameEncryptor(Encryption.none, null)(V1)).toBe(V1);
    const secret = 'not-a-key-0123456789';
    for (const [rule, key] of [[Encryption.aes, secret], [Encryption.aes, null], [Encryption.rsa, secret], [Encryption.sm4, secret], [Encryption.sm2, secret], [Encryption.sm2, `04${'ab'.repeat(64)}`], [0x06, secret]] as const) {
      let error: unknown;
      try {
        frameEncryptor(rule, key);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(CipherKeyError);
      expect((error as Error).message).not.toContain(secret);
    }
  });
});
