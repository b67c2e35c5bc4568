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

/** Keys of the instruct_type dictionary. */
export const InstructType = { query: 1, set: 2, control: 3, diagnose: 4 } as const;
/** Keys of the instruct_status dictionary. */
export const InstructStatus = { pending: 1, sent: 2, answered: 3, failed: 4, timedOut: 5, offline: 6 } as const;

/** Parameter ids a terminal knows (0x01–0x10); the lengths 0x04/0x0D are derived from the domains. */
export const QUERYABLE_PARAM_IDS = PARAMS.map((p) => p.id);
const SETTABLE_PARAM_IDS = QUERYABLE_PARAM_IDS.filter((id) => id !== 0x04 && id !== 0x0d && id !== 0x07 && id !== 0x08);

const paramId = (allowed: readonly number[], what: string) =>
  z.number().int().refine((id) => allowed.includes(id), { message: `${what}: 未知的参数ID` });

export const queryContent = z.object({
  ids: z.array(paramId(QUERYABLE_PARAM_IDS, '查询参数')).min(1, '请至少选择一个参数').max(0xff),
});
/** Values in the standard's raw units; domains (0x05, 0x0E) as text. Keys are decimal ids. */
export const setContent = z.object({
  params: z
    .array(z.object({ id: paramId(SETTABLE_PARAM_IDS, '设置参数'), value: z.union([z.number().int().min(0).max(0xfffe), z.string().min(1).max(200)]) }))
    .min(1, '请至少设置一个参数'),
});
const controlIds = Object.values(ControlCommand) as number[];
export const controlContent = z.object({
  commandId: z.number().int().refine((id) => controlIds.includes(id), { message: '未知的控制指令' }),
  /** 0x01 upgrade: the ';'-joined fields of table B.15; 0x06 alarm: the level 0–3. Others take none. */
  upgrade: z.string().max(500).optional(),
  alarmLevel: z.number().int().min(0).max(4).optional(),
});

const target = { vehicleId: z.string().regex(/^\d{1,19}$/, '车辆ID应为数字').optional(), vin: z.string().length(17, 'VIN应为17位').optional() };
const oneVehicle = (v: { vehicleId?: string; vin?: string }) => Boolean(v.vehicleId || v.vin);

/** Body of POST instructRecord/issue. */
export const issueInstruction = z
  .discriminatedUnion('instructType', [
    z.object({ ...target, instructType: z.literal(InstructType.query), content: queryContent, remark: z.string().max(255).optional() }),
    z.object({ ...target, instructType: z.literal(InstructType.set), content: setContent, remark: z.string().max(255).optional() }),
    z.object({ ...target, instructType: z.literal(InstructType.control), content: controlContent, remark: z.string().max(255).optional() }),
  ])
  .refine(oneVehicle, { message: '请选择车辆', path: ['vehicleId'] });
export type IssueInstruction = z.infer<typeof issueInstruction>;

/** Body of POST remoteDiagnose/issueDiagnose: a full parameter query plus the vehicle's live faults, for one or more vehicles. */
export const issueDiagnose = z.object({
  vehicleIds: z.array(z.string().regex(/^\d{1,19}$/, '车辆ID应为数字')).min(1, '请至少选择一辆车').max(200, '一次最多200辆车'),
  remark: z.string().max(255).optional(),
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
