import { eq } from 'drizzle-orm';
import { Msg, parseIdList } from '@wdiov/contracts';
import { InstructType, issueDiagnose, issueInstruction, removeInstructions } from '@wdiov/contracts/diagnosis/instruction';
import type { MessageBus } from '../../bus/bus.ts';
import { listQueryOf } from '../../crud/crud-router.ts';
import { InstructionIssuer, type IssuerOptions } from '../../diagnosis/instruction-issuer.ts';
import { badRequest, notFound } from '../../lib/api-error.ts';
import { commandText } from '../../lib/texts/command-text.ts';
import { crudText } from '../../lib/texts/crud-text.ts';
import { createRouter } from '../../lib/create-app.ts';
import { data, success } from '../../lib/envelope.ts';
import { parseWith, readJson, readJsonObject } from '../../lib/read-input.ts';
import type { Ctx } from '../../lib/types.ts';
import type { LatestState } from '../../live/latest-state.ts';
import type { BespokeDeps } from '../bespoke-deps.ts';

/**
 * Remote diagnosis beside the generic instructRecord routes: issuing an instruction to a
 * terminal (0x80/0x81/0x82), a full diagnosis of vehicles, the diagnosis page, and a remove
 * that also takes its ids in a JSON body. Writes are granted by the remote_diagnose buttons
 * (and instructRecord's delete button) through the one access policy, like every other write.
 */
export function diagnosisRoutes(deps: BespokeDeps, latest: LatestState, bus?: MessageBus, options: IssuerOptions = {}) {
  const router = createRouter();
  const issuer = new InstructionIssuer({ repos: deps.repos, latest, bus, utcOffsetMin: deps.env.UTC_OFFSET_MIN, logger: deps.logger }, options);
  const records = () => deps.repos.get('instructRecord');

  router.post('/instructRecord/issue', async (c) => {
    const input = parseWith(issueInstruction, await readJson(c));
    return data(c, await issuer.issue(c.get('principal'), input));
  });

  router.post('/remoteDiagnose/issueDiagnose', async (c) => {
    const input = parseWith(issueDiagnose, await readJson(c));
    return data(c, await issuer.diagnose(c.get('principal'), input));
  });

  /** The instructRecord page (same query grammar) narrowed to diagnoses. */
  const diagnoses = async (c: Ctx) => {
    const repo = records();
    const query = listQueryOf(c.req.query());
    return data(c, await repo.page(c.get('principal'), query, [eq(repo.columns.instructType!, InstructType.diagnose)]));
  };
  router.get('/remoteDiagnose/page', diagnoses);
  router.get('/remoteDiagnose/list', diagnoses);

  /** `ids` in the query (as every remove) or in a JSON body `{ids: "1,2" | ["1","2"]}` (as the spec posts it). */
  router.post('/instructRecord/remove', async (c) => {
    let raw = c.req.query('ids') ?? c.req.query('id');
    if (raw === undefined) {
      const body = removeInstructions.safeParse(await readJsonObject(c, true));
      if (body.success) raw = Array.isArray(body.data.ids) ? body.data.ids.join(',') : body.data.ids;
    }
    const ids = parseIdList(raw);
    if (!ids) throw badRequest(`${commandText('badIds')} [ids]`);
    const removed = await records().remove(c.get('principal'), ids);
    if (removed === 0) throw notFound(crudText('noneRemoved', { label: records().entity.title }));
    return success(c, Msg.removed);
  });

  return router;
}
