import { speaker } from '../request-language.ts';

/** The vehicle model, customer, fault and alarm-handling calls' refusals (master data beside the generic routes). */
export const catalogText = speaker(
  {
    modelMissing: ({ id }: { id: string }) => `车型不存在: ${id}`,
    ecuMissing: ({ id }: { id: string }) => `ECU不存在: ${id}`,
    customerMissing: ({ id }: { id: string }) => `客户不存在: ${id}`,
    canFaultMissing: ({ id }: { id: string }) => `CAN故障不存在: ${id}`,
    handlingMissing: ({ id }: { id: string }) => `报警处理配置不存在: ${id}`,
  },
  {
    modelMissing: ({ id }) => `No such vehicle model: ${id}`,
    ecuMissing: ({ id }) => `No such ECU: ${id}`,
    customerMissing: ({ id }) => `No such customer: ${id}`,
    canFaultMissing: ({ id }) => `No such CAN fault: ${id}`,
    handlingMissing: ({ id }) => `No such alarm handling setting: ${id}`,
  },
);
