import { describe, expect, it } from 'vitest';
import type { KvBucket } from '../bus/bus.ts';
import { MintedKeys, mintedEntryOf } from './minted-keys.ts';
import type { Principal } from '../crud/principal.ts';

const user = { tenantId: '000000', userId: 'u1' } as unknown as Principal;

describe('minted keys', () => {
  it('keeps a renewed key revocable when the bucket refuses the renewal', async () => {
    let refuse = false;
    const bucket = {
      put: async () => {
        if (refuse) throw new Error('bucket unavailable');
        return 1;
      },
      delete: async () => undefined,
    } as unknown as KvBucket;
    const keys = new MintedKeys(bucket, { error: () => undefined }, () => 1_000);
    expect(await keys.note('UKEY', mintedEntryOf(user, 500, 60_000))).toBe(true);
    refuse = true;
    // The renewal of the same browser key is not handed out, but the credentials handed out before still live.
    expect(await keys.note('UKEY', mintedEntryOf(user, 900, 120_000))).toBe(false);
    expect(keys.takeOf('u1')).toEqual([{ publicKey: 'UKEY', until: 60_000, tenantId: '000000' }]);
  });

  it('forgets a new key the bucket refused (its credentials were never handed out)', async () => {
    const bucket = { put: async () => Promise.reject(new Error('down')), delete: async () => undefined } as unknown as KvBucket;
    const keys = new MintedKeys(bucket, { error: () => undefined }, () => 1_000);
    expect(await keys.note('UNEW', mintedEntryOf(user, 500, 60_000))).toBe(false);
    expect(keys.takeOf('u1')).toEqual([]);
  });
});
