import { speaker } from '../request-language.ts';

/** Refusals many bespoke calls share. */
export const commonText = speaker(
  {
    idList: ({ key }: { key: string }) => `${key} 必须是逗号分隔的ID列表`,
    vehicleMissing: ({ id }: { id: string }) => `车辆不存在: ${id}`,
    tenantMissing: ({ id }: { id: string }) => `租户不存在: ${id}`,
    fileMissing: ({ name }: { name: string }) => `文件不存在: ${name}`,
  },
  {
    idList: ({ key }) => `${key} must be a comma-separated list of ids`,
    vehicleMissing: ({ id }) => `No such vehicle: ${id}`,
    tenantMissing: ({ id }) => `No such tenant: ${id}`,
    fileMissing: ({ name }) => `No such file: ${name}`,
  },
);
