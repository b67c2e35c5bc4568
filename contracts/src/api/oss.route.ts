import { z } from 'zod';
import { spoken } from '../entity/validation-text.ts';
import { parseLegacyName, parseLinkName } from '../wire/object-names.ts';
import { defineRoute } from './define-route.ts';
import { enableConfigRoute } from './enable-route.ts';

const RESOURCE = 'wdiov-resource';
const FILE_NAME = { zh: 'fileName', en: 'fileName' };

export const ossEnableRoute = enableConfigRoute('/oss/enable', 'Makes an object storage configuration the tenant\'s active one; the tenant\'s others are disabled');

export const ossRemoveFileRoute = defineRoute({
  method: 'post', service: RESOURCE, path: '/oss/endpoint/remove-file',
  summary: 'Removes a file of the caller\'s tenant and its attachment rows',
  query: z.object({
    fileName: z.string({ error: spoken('missingParam', FILE_NAME) }).trim()
      .refine((v) => parseLinkName(v) !== null || parseLegacyName(v) !== null, { error: spoken('fileNameFormat') })
      .describe('The object\'s name (`<name>.<extension>`, or `<tenant>/<yyyyMMdd>/<name>.<extension>` of older links) or its link'),
  }),
  data: z.object({}),
});
