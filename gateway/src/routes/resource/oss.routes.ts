import { z } from 'zod';
import { Msg } from '@wdiov/contracts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/api-error.ts';
import { parseWith } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { activeConfig, enableConfig } from './config-switch.ts';
import { queryId } from './inputs.ts';
import {
  ALLOWED_EXTENSIONS, badSegment, cleanOriginalName, CONTENT_TYPES, dayFolder, extensionOf, linkOf,
  LocalStore, objectName, parseObjectName, type ObjectKey,
} from './oss-store.ts';
import { say } from '../../lib/request-language.ts';
import { commonText } from '../../lib/texts/common-text.ts';
import { resourceText } from '../../lib/texts/resource-text.ts';

/** Category of the `oss` dictionary meaning "local disk" (the only store this gateway implements). */
const LOCAL_DISK = 5;

const removeInput = z.object({
  fileName: z.string({ error: () => say('missingParam', { zh: 'fileName', en: 'fileName' }) }).trim()
    .refine((v) => parseObjectName(v) !== null, { error: () => resourceText('fileNameFormat') }),
});

/** oss: enable a configuration, upload (put-file), serve and remove stored files. */
export function ossRoutes({ repos, env, dataDir }: BespokeDeps) {
  const router = createRouter();
  const store = new LocalStore(dataDir);
  const oss = () => repos.get('oss');
  const attach = () => repos.get('attach');

  router.post('/oss/enable', async (c) => {
    const id = queryId(c, 'id');
    if (!(await enableConfig(oss(), c.get('principal'), id))) throw notFound(resourceText('ossMissing', { id }));
    return success(c);
  });

  /** The domain answered with an upload: the endpoint of an enabled local-disk configuration, else ''. */
  const domainFor = async (c: Ctx): Promise<string> => {
    const config = await activeConfig(oss(), c.get('principal'));
    if (!config) return '';
    if (Number(config.category) !== LOCAL_DISK) {
      // Remote stores (minio, qiniu, aliyun, tencent) have no client here and no network to reach them:
      // the file goes to the local disk all the same, and the answer's link says where it really is.
      c.get('logger').warn({ ossCode: config.ossCode, category: config.category }, 'oss provider not available; stored on local disk');
      return '';
    }
    const endpoint = String(config.endpoint ?? '');
    return /^https?:\/\/[^\s]+$/i.test(endpoint) ? endpoint.replace(/\/+$/, '') : '';
  };

  router.post('/oss/endpoint/put-file', async (c) => {
    const principal = c.get('principal');
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
      throw new ApiError(400, `${resourceText('multipartOnly')} [file]`);
    }
    let body: Record<string, string | File>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw badRequest(`${resourceText('uploadUnreadable')} [file]`);
    }
    const file = body.file;
    if (!file || typeof file === 'string') throw badRequest(`${resourceText('chooseFile')} [file]`);
    const originalName = cleanOriginalName(file.name);
    const ext = extensionOf(originalName);
    if (!ALLOWED_EXTENSIONS.includes(ext)) {
      throw badRequest(`${resourceText('fileType', { ext, allowed: ALLOWED_EXTENSIONS.join(', ') })} [file]`);
    }
    if (file.size === 0) throw badRequest(`${resourceText('fileEmpty')} [file]`);
    // The body limit has already cut off anything larger than BODY_LIMIT; this guards the file alone.
    if (file.size > env.BODY_LIMIT) throw badRequest(`${resourceText('fileTooLarge', { limit: env.BODY_LIMIT })} [file]`);

    const domain = await domainFor(c);
    const key = await store.put(principal.tenantId, dayFolder(new Date(), env.UTC_OFFSET_MIN), ext, new Uint8Array(await file.arrayBuffer()));
    const link = linkOf(key);
    const name = objectName(key);
    try {
      const attachId = await attach().insert(principal, {
        link, domainUrl: domain, name, originalName, extension: ext, attachSize: String(file.size),
      });
      return data(c, { link, domain, name, originalName, attachId });
    } catch (err) {
      await store.remove(key); // no file without its attach row
      throw err;
    }
  });

  // Public (see PUBLIC_PATHS): an <img src> cannot send the token. Names are 128 random bits.
  router.get('/oss/file/:tenant/:date/:name', async (c) => {
    const key: ObjectKey = { tenant: c.req.param('tenant'), date: c.req.param('date'), name: c.req.param('name') };
    const bad = badSegment(key);
    if (bad) throw badRequest(`${resourceText('badFilePath')} [${bad}]`);
    const bytes = await store.get(key);
    if (!bytes) throw notFound(commonText('fileMissing', { name: objectName(key) }));
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': CONTENT_TYPES[extensionOf(key.name)]!,
      'Content-Length': String(bytes.length),
      // Never let a browser guess a type (a .txt holding html must stay text).
      'X-Content-Type-Options': 'nosniff',
      // Object names are never reused, so a file never changes.
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });

  /** Removes a file of the caller's tenant and its attach rows (`fileName` = object name or link). */
  router.post('/oss/endpoint/remove-file', async (c) => {
    const principal = c.get('principal');
    const { fileName } = parseWith(removeInput, { fileName: c.req.query('fileName') });
    const key = parseObjectName(fileName)!;
    if (key.tenant !== principal.tenantId) throw forbidden(resourceText('ownTenantFiles'));
    const name = objectName(key);
    const rows = await attach().all(principal, { filters: [{ key: 'name', field: 'name', column: 'name', op: 'equal', value: name }], ascs: [], descs: [] });
    const removedRows = rows.length > 0 ? await attach().remove(principal, rows.map((r) => String(r.id))) : 0;
    const removedFile = await store.remove(key);
    if (!removedFile && removedRows === 0) throw notFound(commonText('fileMissing', { name }));
    return success(c, Msg.removed);
  });

  return router;
}
