import { randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client.ts';
import { captchas } from '../db/schema/auth.ts';

const TTL_MS = 5 * 60_000;

/**
 * Image captchas for the `captcha` grant. The answer is stored server-side (so any replica can
 * check it), compared case-insensitively, and deleted on the first check whatever its outcome.
 */
export class CaptchaStore {
  constructor(private readonly db: Db) {}

  async create(): Promise<{ key: string; image: string }> {
    const captcha = svgCaptcha.create({ size: 5, noise: 3, width: 130, height: 48, ignoreChars: '0oO1lIi' });
    const key = randomUUID();
    await this.db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
    await this.db.insert(captchas).values({ key, code: captcha.text.toLowerCase(), expiresAt: new Date(Date.now() + TTL_MS) });
    const image = `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
    return { key, image };
  }

  /** Single use: the stored answer is consumed by this call. */
  async check(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key || !code || key.length > 64) return false;
    const [row] = await this.db.delete(captchas).where(eq(captchas.key, key)).returning();
    return !!row && row.expiresAt.getTime() > Date.now() && row.code === code.trim().toLowerCase();
  }
}
