import { speaker } from '../request-language.ts';

/** Sizes as people read them (MB with one decimal; bytes below 1 KB). */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB` : bytes >= 1024 ? `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB` : `${bytes} B`;

type Quota = { limit: number; used: number; size: number };

/** The object stores' answers: their configurations, the upload quotas (storage/, routes/resource). */
export const storageText = speaker(
  {
    endpointUrl: () => '资源地址应为 http(s)://主机[:端口] (不含路径)',
    settingRequired: ({ label }: { label: string }) => `远程对象存储需要填写${label}`,
    secretTooLong: ({ limit }: { limit: number }) => `secretKey 不能超过${limit}个字符`,
    userQuota: ({ limit, used, size }: Quota) =>
      `超出每个用户每日上传配额 ${sizeText(limit)}: 今日已上传 ${sizeText(used)}, 本文件 ${sizeText(size)}`,
    tenantQuota: ({ limit, used, size }: Quota) =>
      `超出每个租户每日上传配额 ${sizeText(limit)}: 本租户今日已上传 ${sizeText(used)}, 本文件 ${sizeText(size)}`,
    storeUnavailable: () => '对象存储暂时不可用, 文件未保存',
  },
  {
    endpointUrl: () => 'The endpoint must be http(s)://host[:port] (no path)',
    settingRequired: ({ label }) => `A remote object storage needs its ${label.toLowerCase()}`,
    secretTooLong: ({ limit }) => `secretKey must not be longer than ${limit} characters`,
    userQuota: ({ limit, used, size }) =>
      `The daily upload quota per user (${sizeText(limit)}) would be exceeded: ${sizeText(used)} uploaded today, this file ${sizeText(size)}`,
    tenantQuota: ({ limit, used, size }) =>
      `The daily upload quota per tenant (${sizeText(limit)}) would be exceeded: ${sizeText(used)} uploaded in this tenant today, this file ${sizeText(size)}`,
    storeUnavailable: () => 'The object storage is unavailable for now; the file was not stored',
  },
);
