import { Msg } from '@wdiov/contracts';
import { ossEnableRoute, ossRemoveFileRoute } from '@wdiov/contracts/api/oss.route';
import { createRouter } from '../../lib/create-app.ts';
import { routeOf } from '../../lib/contract.ts';
import { data, success } from '../../lib/envelope.ts';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/api-error.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';
import { enableConfig } from './config-switch.ts';
import {
  ALLOWED_EXTENSIONS, badSegment, cleanOriginalName, CONTENT_TYPES, extensionOf, linkOf,
  objectName, parseLegacyName, parseLinkName, SEGMENT, type ObjectKey,
} from './oss-store.ts';
import { commonText } from '../../lib/texts/common-text.ts';
import { resourceText } from '../../lib/texts/resource-text.ts';
import { storageText } from '../../lib/texts/storage-text.ts';
import { StoreUnavailable } from '../../storage/object-store.ts';

/** A store that failed is the service's trouble, not the caller's input. */
const unavailable = (err: unknown): never => {
  if (err instanceof StoreUnavailable) throw new ApiError(503, storageText('storeUnavailable'));
  throw err;
};

const fileHeaders = (name: string, length: number) => ({
  'Content-Type': CONTENT_TYPES[extensionOf(name)]!,
  'Content-Length': String(length),
  // Never let a browser guess a type (a .txt holding html must stay text).
  'X-Content-Type-Options': 'nosniff',
  // Object names are never reused, so a file never changes.
  'Cache-Control': 'private, max-age=31536000, immutable',
});

/** oss: enable a configuration, upload (put-file), serve and remove stored files. */
export function ossRoutes({ repos, env, objects, identify }: BespokeDeps) {
  if (!objects || !identify) throw new Error('the oss routes need the object stores and the caller look-up');
  const oss = () => repos.get('oss');
  const attach = () => repos.get('attach');

  const router = createRouter().openapi(routeOf(ossEnableRoute), async (c) => {
    const { id } = c.req.valid('query');
    if (!(await enableConfig(oss(), c.get('principal'), id))) throw notFound(resourceText('ossMissing', { id }));
    return success(c);
  });

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

    const put = await objects.put(principal, ext, new Uint8Array(await file.arrayBuffer())).catch(unavailable);
    if ('refused' in put) {
      const { quota, limit, used } = put.refused;
      throw badRequest(`${storageText(quota === 'user' ? 'userQuota' : 'tenantQuota', { limit, used, size: file.size })} [file]`);
    }
    const { written, domain } = put;
    const link = linkOf(written.name);
    try {
      const attachId = await attach().insert(principal, {
        link, domainUrl: domain, name: written.name, originalName, extension: ext, attachSize: String(file.size),
      });
      return data(c, { link, domain, name: written.name, originalName, attachId });
    } catch (err) {
      await objects.undo(written, principal.tenantId); // no file without its attach row
      throw err;
    }
  });

  /**
   * Public (see PUBLIC_PATHS): an <img src> cannot send the token, so the 128 random bits of the
   * name are what a link grants. A request that does carry a token is served only its own
   * tenant's files; another tenant's answer as a missing file would, telling nothing.
   */
  router.get('/oss/file/:name', async (c) => {
    const name = c.req.param('name');
    if (!SEGMENT.name.test(name)) throw badRequest(`${resourceText('badFilePath')} [name]`);
    const viewer = await identify(c);
    const row = await objects.records.find(name);
    if (!row || (viewer && viewer.tenantId !== row.tenantId)) throw notFound(commonText('fileMissing', { name }));
    const bytes = await objects.read(row).catch(unavailable);
    if (!bytes) throw notFound(commonText('fileMissing', { name }));
    return c.body(new Uint8Array(bytes), 200, fileHeaders(name, bytes.length));
  });

  /** Links written before objects had records (`<tenant>/<yyyyMMdd>/<name>`): files on the local disk. */
  router.get('/oss/file/:tenant/:date/:name', async (c) => {
    const key: ObjectKey = { tenant: c.req.param('tenant'), date: c.req.param('date'), name: c.req.param('name') };
    const bad = badSegment(key);
    if (bad) throw badRequest(`${resourceText('badFilePath')} [${bad}]`);
    const viewer = await identify(c);
    // An object with a record is reached by its own link only: its tenant never shows in one.
    const hidden = (viewer && viewer.tenantId !== key.tenant) || (await objects.records.known(key.name));
    const bytes = hidden ? null : await objects.legacy.get(key);
    if (!bytes) throw notFound(commonText('fileMissing', { name: objectName(key) }));
    return c.body(new Uint8Array(bytes), 200, fileHeaders(key.name, bytes.length));
  });

  /** Removes a file of the caller's tenant and its attach rows (`fileName` = the object's name or link). */
  return router.openapi(routeOf(ossRemoveFileRoute), async (c) => {
    const principal = c.get('principal');
    const { fileName } = c.req.valid('query');
    const name = parseLinkName(fileName);
    let removedFile: boolean;
    if (name) {
      const row = await objects.records.find(name);
      if (!row || row.tenantId !== principal.tenantId) throw notFound(commonText('fileMissing', { name }));
      removedFile = await objects.remove(row).catch(unavailable);
    } else {
      const key = parseLegacyName(fileName)!;
      if (key.tenant !== principal.tenantId) throw forbidden(resourceText('ownTenantFiles'));
      removedFile = (await objects.records.known(key.name)) ? false : await objects.legacy.remove(key);
    }
    const attachName = name ?? objectName(parseLegacyName(fileName)!);
    const rows = await attach().all(principal, { filters: [{ key: 'name', field: 'name', column: 'name', op: 'equal', value: attachName }], ascs: [], descs: [] });
    const removedRows = rows.length > 0 ? await attach().remove(principal, rows.map((r) => String(r.id))) : 0;
    if (!removedFile && removedRows === 0) throw notFound(commonText('fileMissing', { name: attachName }));
    return success(c, Msg.removed);
  });
}
