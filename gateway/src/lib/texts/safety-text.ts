import { speaker } from '../request-language.ts';

/** The safety-warning calls' refusals. */
export const safetyText = speaker(
  {
    warningMissing: ({ id }: { id: string }) => `安全预警不存在: ${id}`,
    alreadyHandled: ({ id }: { id: string }) => `安全预警已处置: ${id}`,
    handledBeforeRaised: () => '处置时间不能早于预警时间',
    handledInFuture: () => '处置时间不能晚于当前时间',
  },
  {
    warningMissing: ({ id }) => `No such safety warning: ${id}`,
    alreadyHandled: ({ id }) => `The safety warning has already been handled: ${id}`,
    handledBeforeRaised: () => 'The handling time cannot be before the warning was raised',
    handledInFuture: () => 'The handling time cannot be in the future',
  },
);
