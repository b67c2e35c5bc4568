import type { Context, Next } from 'hono';
import type { AnyWorkflow } from '@wdiov/contracts';
import { idString, transitionBodySchema, workflowList } from '@wdiov/contracts';
import type { AppBindings } from '../lib/types.ts';
import { createRouter } from '../lib/create-app.ts';
import { data } from '../lib/envelope.ts';
import { notFound } from '../lib/api-error.ts';
import { crudText } from '../lib/texts/crud-text.ts';
import { requestLanguage } from '../lib/request-language.ts';
import { parseWith, readJsonObject } from '../lib/read-input.ts';
import { fireTransition, trailOf, type TransitionDeps } from './transitions.ts';

/**
 * The transition calls of every workflow, mounted at the root before the generic entity routes:
 * POST `<base path>/<call>` (dispatch toDeploy / revoke / close, bill audit) and GET
 * `<base path>/trail?id=` (the audit trail of one record). A workflow's `submit` transition
 * shares the entity's own submit: a body naming the record and the status field is a transition,
 * any other body goes on to the generic save. Who may call is decided before (the button code of
 * the call's path, by the access policy), the state in the transaction.
 */
export function workflowRoutes(deps: TransitionDeps, workflows: readonly AnyWorkflow[] = workflowList) {
  const router = createRouter();
  for (const workflow of workflows) {
    const base = workflow.entity.basePath;
    for (const call of workflow.calls) {
      const schemas = { zh: transitionBodySchema(workflow, call, 'zh'), en: transitionBodySchema(workflow, call, 'en') };
      router.post(`${base}/${call}`, async (c: Context<AppBindings>, next: Next) => {
        const body = await readJsonObject(c);
        if (call === 'submit' && (body?.id == null || body[workflow.statusField] === undefined)) return next();
        const checked = parseWith(schemas[requestLanguage()], body) as Record<string, unknown>;
        const fired = await fireTransition(deps, workflow, call, c.get('principal'), checked);
        return data(c, fired);
      });
    }
    router.get(`${base}/trail`, async (c) => {
      const id = parseWith(idString, c.req.query('id') ?? '');
      const trail = await trailOf(deps, workflow, c.get('principal'), id);
      if (!trail) throw notFound(crudText('missing', { label: workflow.entity.title, id }));
      return data(c, trail);
    });
  }
  return router;
}
