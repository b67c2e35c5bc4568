import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';

/**
 * Tenants' secrets at rest (channel signing secrets, SMS access secrets): AES-256-GCM under a
 * key derived from SECRET_KEY, each value with its own nonce, so a leaked table or backup
 * shows none of them. The stored form is `v1:` + base64(nonce ‖ tag ‖ ciphertext).
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = Buffer.from(hkdfSync('sha256', keyMaterial, 'wdiov', 'tenant-secrets-aes-256-gcm', 32));
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64');
  }

  /** The plain secret; throws when the value was not sealed with this key (or was altered). */
  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
