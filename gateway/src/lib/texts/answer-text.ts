import { Msg } from '@wdiov/contracts';
import { speaker } from '../request-language.ts';

/**
 * The app shell's answers (create-app.ts, api-error.ts defaults, the token check): BladeX's own
 * messages in Chinese, as contracts' `Msg` holds them, and their English.
 */
export const answerText = speaker(
  {
    unauthorized: (): string => Msg.unauthorized,
    missingToken: (): string => Msg.missingToken,
    forbidden: (): string => Msg.forbidden,
    notFound: (): string => Msg.notFound,
    failure: (): string => Msg.failure,
    serverError: (): string => Msg.serverError,
    payloadTooLarge: ({ limit }: { limit: number }) => `${Msg.payloadTooLarge}: 最大 ${limit} 字节`,
    duplicate: () => '数据已存在, 请勿重复提交',
  },
  {
    unauthorized: () => 'The request is not authorized',
    missingToken: () => 'No token: authentication failed',
    forbidden: () => 'The request is refused',
    notFound: () => '404 Not found',
    failure: () => 'The operation failed',
    serverError: () => 'Server error',
    payloadTooLarge: ({ limit }) => `The request body is too large: at most ${limit} bytes`,
    duplicate: () => 'This already exists; please do not submit it twice',
  },
);
