import { speaker } from '../request-language.ts';

/**
 * The command issuer's and the terminal messages' refusals. The outcome it stores on the record (failReason: offline,
 * time-out, the terminal's answer) is data every reader sees alike, so it is not worded here.
 */
export const commandText = speaker(
  {
    vinMismatch: ({ vin }: { vin: string }) => `车架号与所选车辆不一致: ${vin}`,
    recordMissing: ({ id }: { id: string }) => `指令记录不存在: ${id}`,
    badContent: ({ reason }: { reason: string }) => `指令内容无效: ${reason}`,
    badIds: () => 'ids 必须是逗号分隔的ID列表或ID数组',
    frameMissing: ({ id }: { id: string }) => `报文不存在: ${id}`,
  },
  {
    vinMismatch: ({ vin }) => `The VIN is not the chosen vehicle's: ${vin}`,
    recordMissing: ({ id }) => `No such command record: ${id}`,
    badContent: ({ reason }) => `The command content is invalid: ${reason}`,
    badIds: () => 'ids must be a comma-separated list or an array of ids',
    frameMissing: ({ id }) => `No such message: ${id}`,
  },
);
