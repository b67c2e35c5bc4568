import { describe, expect, it } from 'vitest';
import { SecretBox } from '../notify/secret-box.ts';
import { endpointUrl, s3SettingsOf } from './oss-config.ts';

const box = new SecretBox('k'.repeat(32));
const row = (values: Record<string, unknown>) => ({ accessKey: 'AK', secretKey: box.seal('SK'), bucketName: 'fleet', ...values });

describe('oss configuration → S3 settings', () => {
  it('puts the bucket in the path for MinIO and address endpoints, in the host for the clouds', () => {
    expect(s3SettingsOf(row({ category: 1, endpoint: 'https://minio.fleet.example:9000' }), box)).toMatchObject({ pathStyle: true, endpoint: 'https://minio.fleet.example:9000' });
    expect(s3SettingsOf(row({ category: 3, endpoint: 'http://10.1.2.3:9000' }), box).pathStyle).toBe(true);
    expect(s3SettingsOf(row({ category: 3, endpoint: 'oss-cn-hangzhou.aliyuncs.com', region: 'oss-cn-hangzhou' }), box))
      .toMatchObject({ pathStyle: false, endpoint: 'https://oss-cn-hangzhou.aliyuncs.com', region: 'oss-cn-hangzhou', bucket: 'fleet' });
    expect(s3SettingsOf(row({ category: 2, endpoint: 's3.cn-east-1.qiniucs.com' }), box)).toMatchObject({ pathStyle: false, region: 'us-east-1' });
  });

  it('opens the sealed secret, and names a Tencent COS bucket with its app id', () => {
    expect(s3SettingsOf(row({ category: 4, endpoint: 'cos.ap-guangzhou.myqcloud.com', appId: '1250000000' }), box))
      .toMatchObject({ secretKey: 'SK', accessKey: 'AK', bucket: 'fleet-1250000000' });
    expect(s3SettingsOf(row({ category: 4, endpoint: 'cos.ap-guangzhou.myqcloud.com', appId: '1250000000', bucketName: 'fleet-1250000000' }), box).bucket).toBe('fleet-1250000000');
    expect(() => s3SettingsOf(row({ category: 1, endpoint: 'http://minio:9000', secretKey: new SecretBox('o'.repeat(32)).seal('SK') }), box)).toThrow();
  });

  it('takes only an http(s) origin as the endpoint', () => {
    expect(endpointUrl('minio:9000')?.origin).toBe('https://minio:9000');
    for (const bad of ['ftp://minio', 'http://u:p@minio', 'http://minio/bucket', 'http://minio?x=1', '', 'http://']) expect(endpointUrl(bad)).toBeNull();
  });
});
