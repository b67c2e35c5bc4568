/**
 * Downlink instructions to a terminal (GB/T 32960 0x80 query, 0x81 set, 0x82 control) and
 * remote diagnosis, as the console submits them and as gateways pass them to each other.
 *
 * Flow: the REST call validates an IssueInstruction, writes an instructRecord (status sent),
 * then makes a NATS request on subjects.command(tenant, vin). Only the gateway holding that
 * terminal's TCP connection subscribes there; it writes the frame, waits for the terminal's
 * answer and replies with an InstructionReply. No responder means the terminal is offline.
 */
import { z } from 'zod';
import { PARAMS } from '../protocol/params.ts';
import { ControlCommand } from '../protocol/control.ts';
import { spoken } from '../entity/validation-text.ts';

/** Keys of the instruct_type dictionary. */
export const InstructType = { query: 1, set: 2, control: 3, diagnose: 4 } as const;
/** Keys of the instruct_status dictionary. */
export const InstructStatus = { pending: 1, sent: 2, answered: 3, failed: 4, timedOut: 5, offline: 6 } as const;

/** Parameter ids a terminal knows (0x01–0x10); the lengths 0x04/0x0D are derived from the domains. */
export const QUERYABLE_PARAM_IDS = PARAMS.map((p) => p.id);
const SETTABLE_PARAM_IDS = QUERYABLE_PARAM_IDS.filter((id) => id !== 0x04 && id !== 0x0d && id !== 0x07 && id !== 0x08);

/**
 * The messages are worded when a body is checked, in the language of the check (the gateway's
 * request; Chinese elsewhere). The console words these fields itself, by path.
 */
const QUERY_PARAM = { zh: '查询参数', en: 'Query parameter' };
const SET_PARAM = { zh: '设置参数', en: 'Set parameter' };
const REMARK = { zh: '备注', en: 'The remark' };
const REMARK_MAX = 255;
const remark = z.string({ error: spoken('notText', REMARK) }).max(REMARK_MAX, { error: spoken('tooLong', REMARK, REMARK_MAX) }).optional();

const paramId = (allowed: readonly number[], label: typeof QUERY_PARAM) => {
  const unknown = spoken('unknownParamId', label);
  return z.number({ error: unknown }).int({ error: unknown }).refine((id) => allowed.includes(id), { error: unknown });
};

export const queryContent = z.object({
  ids: z.array(paramId(QUERYABLE_PARAM_IDS, QUERY_PARAM), { error: spoken('oneParamToQuery') }).min(1, { error: spoken('oneParamToQuery') }).max(0xff, { error: spoken('tooManyRows', undefined, 0xff) }),
}, { error: spoken('oneParamToQuery') });
const PARAM_VALUE_MAX = 0xfffe;
/** Values in the standard's raw units; domains (0x05, 0x0E) as text. Keys are decimal ids. */
export const setContent = z.object({
  params: z
    .array(z.object({
      id: paramId(SETTABLE_PARAM_IDS, SET_PARAM),
      value: z.union([z.number().int().min(0).max(PARAM_VALUE_MAX), z.string().min(1).max(200)], { error: spoken('paramValue', undefined, PARAM_VALUE_MAX) }),
    }), { error: spoken('oneParamToSet') })
    .min(1, { error: spoken('oneParamToSet') }),
}, { error: spoken('oneParamToSet') });
const controlIds = Object.values(ControlCommand) as number[];
const UPGRADE = { zh: '升级参数', en: 'The upgrade fields' };
const ALARM_LEVEL = { zh: '报警等级', en: 'The alarm level' };
const unknownControl = spoken('unknownControl');
export const controlContent = z.object({
  commandId: z.number({ error: unknownControl }).int({ error: unknownControl }).refine((id) => controlIds.includes(id), { error: unknownControl }),
  /** 0x01 upgrade: the ';'-joined fields of table B.15; 0x06 alarm: the level 0–3. Others take none. */
  upgrade: z.string({ error: spoken('notText', UPGRADE) }).max(500, { error: spoken('tooLong', UPGRADE, 500) }).optional(),
  alarmLevel: z.number({ error: spoken('notInteger', ALARM_LEVEL) }).int({ error: spoken('notInteger', ALARM_LEVEL) })
    .min(0, { error: spoken('tooSmall', ALARM_LEVEL, 0) }).max(4, { error: spoken('tooLarge', ALARM_LEVEL, 4) }).optional(),
}, { error: unknownControl });

const vehicleId = z.string({ error: spoken('vehicleIdDigits') }).regex(/^\d{1,19}$/, { error: spoken('vehicleIdDigits') });
const target = { vehicleId: vehicleId.optional(), vin: z.string({ error: spoken('vinLength') }).length(17, { error: spoken('vinLength') }).optional() };
const oneVehicle = (v: { vehicleId?: string; vin?: string }) => Boolean(v.vehicleId || v.vin);
const INSTRUCT_TYPE = { zh: '指令类型', en: 'The command type' };

/** Body of POST instructRecord/issue. */
export const issueInstruction = z
  .discriminatedUnion('instructType', [
    z.object({ ...target, instructType: z.literal(InstructType.query), content: queryContent, remark }),
    z.object({ ...target, instructType: z.literal(InstructType.set), content: setContent, remark }),
    z.object({ ...target, instructType: z.literal(InstructType.control), content: controlContent, remark }),
  ], { error: spoken('oneOf', INSTRUCT_TYPE, undefined, '1, 2, 3') })
  .refine(oneVehicle, { error: spoken('choose', { zh: '车辆', en: 'the vehicle' }), path: ['vehicleId'] });
export type IssueInstruction = z.infer<typeof issueInstruction>;

const DIAGNOSE_MAX = 200;
/** Body of POST remoteDiagnose/issueDiagnose: a full parameter query plus the vehicle's live faults, for one or more vehicles. */
export const issueDiagnose = z.object({
  vehicleIds: z.array(vehicleId, { error: spoken('oneVehicle') }).min(1, { error: spoken('oneVehicle') }).max(DIAGNOSE_MAX, { error: spoken('vehiclesAtMost', undefined, DIAGNOSE_MAX) }),
  remark,
});
export type IssueDiagnose = z.infer<typeof issueDiagnose>;

/** Body of POST instructRecord/remove (the spec posts a body here, unlike other removes). */
export const removeInstructions = z.object({ ids: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]) });

/** What gateways send each other on subjects.command (JSON). */
export const commandRequest = z.object({
  recordId: z.string(),
  instructType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  content: z.union([queryContent, setContent, controlContent]),
  /** How long the holder waits for the terminal's answer. */
  timeoutMs: z.number().int().min(100).max(120_000),
});
export type CommandRequest = z.infer<typeof commandRequest>;

export const instructionReply = z.object({
  status: z.union([z.literal(InstructStatus.answered), z.literal(InstructStatus.failed), z.literal(InstructStatus.timedOut)]),
  /** Decoded answer: parameters by id for 0x80, the response flag for 0x81/0x82. */
  data: z.record(z.string(), z.unknown()).optional(),
  failReason: z.string().optional(),
});
export type InstructionReply = z.infer<typeof instructionReply>;
