import { speaker, type Words } from '../request-language.ts';

type Named = { label: Words };

/** The generic entity calls' refusals: trees, unique and reference checks, filters, sorts and tenancy. */
export const crudText = speaker(
  {
    parentMissing: ({ id }: { id: string }) => `上级不存在: ${id}`,
    parentBelowSelf: () => '上级不能是自己或自己的下级',
    passwordNotMd5: () => '密码须以md5摘要提交',
    parentRegionMissing: ({ code }: { code: string }) => `上级区划不存在: ${code}`,
    parentRegionBelowSelf: () => '上级区划不能是自己或自己的下级',
    regionHasChildren: () => '区划有下级区划, 不能修改其编码或上级',
    platformOnly: ({ label }: Named) => `仅平台管理员可访问${label.zh}`,
    platformShared: ({ label }: Named) => `${label.zh}为平台共享数据, 仅平台管理员可修改`,
    badSort: ({ name }: { name: string }) => `非法的排序字段: ${name}`,
    taken: ({ label, value }: Named & { value: string }) => `${label.zh}已存在: ${value}`,
    registered: ({ label, value }: Named & { value: string }) => `${label.zh} ${value} 已被注册`,
    missing: ({ label, id }: Named & { id: string }) => `${label.zh}不存在: ${id}`,
    noneRemoved: ({ label }: Named) => `${label.zh}不存在`,
    notSelf: ({ label }: Named) => `${label.zh}不能是自己`,
    notInDict: ({ label, value }: Named & { value: string }) => `${label.zh}的值无效: ${value}`,
    filterNotNumber: ({ key }: { key: string }) => `${key} 必须是数字`,
    filterNotId: ({ key }: { key: string }) => `${key} 必须是ID`,
    filterIsTime: ({ key }: { key: string }) => `${key} 是时间字段, 请使用 _datege/_dategt/_datele/_datelt/_dateequal`,
    filterNotTime: ({ key, field }: { key: string; field: string }) => `${key}: ${field} 不是时间字段`,
  },
  {
    parentMissing: ({ id }) => `No such parent: ${id}`,
    parentBelowSelf: () => 'The parent cannot be the record itself or one below it',
    passwordNotMd5: () => 'Send the password as its md5 digest',
    parentRegionMissing: ({ code }) => `No such parent region: ${code}`,
    parentRegionBelowSelf: () => 'The parent region cannot be the region itself or one below it',
    regionHasChildren: () => 'The region has regions below it, so its code and parent cannot change',
    platformOnly: ({ label }) => `Only the platform administrator may access ${label.en}`,
    platformShared: ({ label }) => `${label.en} is shared by the platform; only the platform administrator may change it`,
    badSort: ({ name }) => `Cannot sort by: ${name}`,
    taken: ({ label, value }) => `${label.en} already exists: ${value}`,
    registered: ({ label, value }) => `${label.en} ${value} is already registered`,
    missing: ({ label, id }) => `${label.en} not found: ${id}`,
    noneRemoved: ({ label }) => `${label.en} not found`,
    notSelf: ({ label }) => `${label.en} cannot be the record itself`,
    notInDict: ({ label, value }) => `${label.en} has an unknown value: ${value}`,
    filterNotNumber: ({ key }) => `${key} must be a number`,
    filterNotId: ({ key }) => `${key} must be an id`,
    filterIsTime: ({ key }) => `${key} is a time field: use _datege/_dategt/_datele/_datelt/_dateequal`,
    filterNotTime: ({ key, field }) => `${key}: ${field} is not a time field`,
  },
);
