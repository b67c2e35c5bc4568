import { createRoute, z } from '@hono/zod-openapi';
import { badRequest } from '../../lib/api-error.ts';
import { answers, jsonBody } from '../../lib/contract.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data } from '../../lib/envelope.ts';
import { importText } from '../../lib/texts/import-text.ts';
import type { Repository } from '../repository.ts';
import { checkSheet, type CheckedImport, type ImportDeps } from './import-check.ts';
import { readSheet } from './sheet-file.ts';

/** Errors a preview lists at most: enough to fix a file by, small enough to show. */
const ERRORS_SHOWN = 1_000;
/** Rows per insert statement: well under Postgres's 65,535 bound parameters for the widest entity. */
const INSERT_CHUNK = 500;

const UploadBody = z.object({
  fileName: z.string({ error: () => importText('format') }).trim().min(1, { error: () => importText('format') }).max(255, { error: () => importText('format') }),
  content: z.base64({ error: () => importText('content') }).min(1, { error: () => importText('empty') }),
}).openapi('ImportUpload', { description: 'An xlsx or CSV file (base64) whose header row holds the titles an export writes, in Chinese or English.' });

const RowErrorSchema = z.object({ row: z.number().int(), column: z.string(), field: z.string(), message: z.string() });

const PreviewAnswer = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  columns: z.array(z.object({ title: z.string(), field: z.string() })),
  ignored: z.array(z.string()),
  errorCount: z.number().int(),
  errors: z.array(RowErrorSchema),
}).openapi('ImportPreview');

const preview = createRoute({
  method: 'post', path: '/import/preview', tags: ['import'],
  summary: 'Checks a spreadsheet row by row as a submit would, writing nothing',
  request: { body: jsonBody(UploadBody) },
  responses: answers(PreviewAnswer),
});

const commit = createRoute({
  method: 'post', path: '/import/commit', tags: ['import'],
  summary: 'Adds every row of a spreadsheet in one transaction, or none when a row is refused',
  request: { body: jsonBody(UploadBody) },
  responses: answers(z.object({ imported: z.number().int() }).openapi('ImportResult')),
});

const sheetOf = (body: z.infer<typeof UploadBody>) => readSheet(body.fileName, Buffer.from(body.content, 'base64'));

const summary = (checked: CheckedImport) => ({
  total: checked.total,
  valid: checked.rows.length,
  columns: checked.columns.map((c) => ({ title: c.title, field: c.field })),
  ignored: checked.ignored,
  errorCount: checked.errors.length,
  errors: checked.errors.slice(0, ERRORS_SHOWN),
});

/**
 * The spreadsheet import of an entity, mounted beside its generic routes: a preview listing
 * each row's errors, and a commit adding every row in one transaction (all or nothing). Tenant,
 * platform guard and reference scope are those of a submit; the access policy grants both calls
 * to whoever holds the entity's add button.
 */
export function importRouter(repo: Repository, deps: ImportDeps) {
  const router = createRouter();

  router.openapi(preview, async (c) => {
    const checked = await checkSheet(repo, c.get('principal'), sheetOf(c.req.valid('json')), deps);
    return data(c, summary(checked));
  });

  router.openapi(commit, async (c) => {
    const principal = c.get('principal');
    const checked = await checkSheet(repo, principal, sheetOf(c.req.valid('json')), deps);
    const first = checked.errors[0];
    if (first) {
      const where = importText('rowError', { line: first.row, column: first.column, message: first.message });
      throw badRequest(importText('rejected', { count: checked.errors.length, first: where }));
    }
    // Rows of an entity with its own preparation come back from the check as stored; the others are filled here.
    const rows = checked.rows.map((r) => (repo.prepares ? r.values : repo.filledRow(principal, r.values)));
    await repo.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(repo.table).values(rows.slice(i, i + INSERT_CHUNK));
    });
    repo.written(principal);
    return data(c, { imported: rows.length }, importText('imported', { count: rows.length }));
  });

  return router;
}
