import { md5 } from 'js-md5';

/** Passwords travel md5-hashed as lower-case hex (spec §5; bladex-wire §3.1). */
export function hashPassword(plain: string): string {
  return md5(plain);
}
