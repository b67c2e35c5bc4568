import { speaker } from '../request-language.ts';

/** The object storage, SMS and map look-up calls' answers (routes/resource). */
export const resourceText = speaker(
  {
    ossMissing: ({ id }: { id: string }) => `对象存储不存在: ${id}`,
    multipartOnly: () => '不支持当前媒体类型: 请使用 multipart/form-data 上传',
    uploadUnreadable: () => '消息不能读取: 无法解析上传内容',
    chooseFile: () => '请选择要上传的文件',
    fileType: ({ ext, allowed }: { ext: string; allowed: string }) => `不允许的文件类型: ${ext ? '.' + ext : '(无扩展名)'}, 仅允许 ${allowed}`,
    fileEmpty: () => '文件为空',
    fileTooLarge: ({ limit }: { limit: number }) => `文件过大: 最大 ${limit} 字节`,
    badFilePath: () => '无效的文件路径',
    ownTenantFiles: () => '只能删除本租户的文件',
    smsMissing: ({ id }: { id: string }) => `短信配置不存在: ${id}`,
    outsideChina: () => '坐标不在中国境内, 无法解析地址',
  },
  {
    ossMissing: ({ id }) => `No such object storage: ${id}`,
    multipartOnly: () => 'Unsupported media type: upload as multipart/form-data',
    uploadUnreadable: () => 'Unreadable message: the upload cannot be parsed',
    chooseFile: () => 'Please choose a file to upload',
    fileType: ({ ext, allowed }) => `This file type is not allowed: ${ext ? '.' + ext : '(no extension)'}; allowed: ${allowed}`,
    fileEmpty: () => 'The file is empty',
    fileTooLarge: ({ limit }) => `The file is too large: at most ${limit} bytes`,
    badFilePath: () => 'Invalid file path',
    ownTenantFiles: () => "Only your own tenant's files can be removed",
    smsMissing: ({ id }) => `No such SMS configuration: ${id}`,
    outsideChina: () => 'The point lies outside China; no address is known for it',
  },
);
