import { describe, expect, it } from 'vitest';
import { acs3Sign, aliyunEncode, dingTalkSign, feishuSign, standardWebhookSignature, tc3Authorization } from './signers.ts';
import { SecretBox } from './secret-box.ts';
import { createHmac } from 'node:crypto';

describe('provider signatures', () => {
  it('sign a Standard Webhook as the specification library does', () => {
    expect(standardWebhookSignature('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'))
      .toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('sign an Alibaba Cloud V3 request as the published example', () => {
    const headers = acs3Sign({
      method: 'POST', accessKeyId: 'YourAccessKeyId', accessKeySecret: 'YourAccessKeySecret',
      query: { ImageId: 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd', RegionId: 'cn-shanghai' },
      headers: { host: 'ecs.cn-shanghai.aliyuncs.com', 'x-acs-action': 'RunInstances', 'x-acs-version': '2014-05-26', 'x-acs-date': '2023-10-26T10:22:32Z', 'x-acs-signature-nonce': '3156853299f313e23d1673dc12e1703d' },
    });
    expect(headers.authorization).toBe('ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;x-acs-signature-nonce;x-acs-version,Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0');
    expect(aliyunEncode("a b*!'()~")).toBe('a%20b%2A%21%27%28%29~');
  });

  it('sign a Tencent Cloud request as the official SDK test does', () => {
    const auth = tc3Authorization({ secretId: 'test-secret-id', secretKey: 'test-secret-key', service: 'cvm', host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json', body: JSON.stringify({ Action: 'DescribeInstances', Version: '2017-03-12' }), timestampS: 1640995200 });
    expect(auth).toBe('TC3-HMAC-SHA256 Credential=test-secret-id/2022-01-01/cvm/tc3_request, SignedHeaders=content-type;host, Signature=96473b50fe407833672a5d6d067238d88bb44c8abcc39ef83baa3132afbfadd3');
  });

  it('sign DingTalk and Feishu robots with the key and message in their own places', () => {
    // DingTalk: key = secret, message = "ts\nsecret"; Feishu: key = "ts\nsecret", message empty.
    expect(dingTalkSign('SECabc', 1700000000000)).toBe(createHmac('sha256', 'SECabc').update('1700000000000\nSECabc').digest('base64'));
    expect(feishuSign('fs', 1700000000)).toBe(createHmac('sha256', '1700000000\nfs').update('').digest('base64'));
    expect(dingTalkSign('SECabc', 1700000000000)).not.toBe(createHmac('sha256', '1700000000000\nSECabc').update('').digest('base64'));
  });
});

describe('sealed secrets', () => {
  it('open with their key only, differ each time and refuse an altered value', () => {
    const box = new SecretBox('k'.repeat(32));
    const a = box.seal('SECret-1');
    expect(a).not.toContain('SECret-1');
    expect(box.seal('SECret-1')).not.toBe(a);
    expect(box.open(a)).toBe('SECret-1');
    expect(() => new SecretBox('x'.repeat(32)).open(a)).toThrow();
    const altered = a.slice(0, -4) + (a.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => box.open(altered)).toThrow();
  });
});
