import { defineEntity } from '../../entity/define-entity.ts';
import { f } from '../../entity/fields.ts';

/** Uploaded files: one row per put-file, pointing at the stored object. */
export const attach = defineEntity({
  name: 'attach',
  service: 'wdiov-resource',
  path: 'attach',
  table: 'wdiov_attach',
  title: { zh: '附件', en: 'Attachment' },
  tenant: true,
  audit: 'full',
  fields: {
    link: f.text('附件地址', 'Link', { required: '请输入附件地址', max: 1000 }),
    domainUrl: f.text('附件域名', 'Domain', { max: 500, list: false }),
    name: f.text('附件名称', 'Name', { required: '请输入附件名称', max: 500, search: 'like' }),
    originalName: f.text('附件原名', 'Original name', { max: 500, search: 'like' }),
    extension: f.text('附件拓展名', 'Extension', { max: 12, search: 'equal' }),
    attachSize: f.bigint('附件大小', 'Size (bytes)'),
  },
});
