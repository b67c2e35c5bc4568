import { answerText } from './texts/answer-text.ts';

/**
 * An expected failure answered in the envelope: `{code, success:false, data:{}, msg}`.
 * `status` is the HTTP status; BladeX answers business failures with HTTP 400 too.
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly status: number = code >= 400 && code < 600 ? code : 400,
  ) {
    super(msg);
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg: string = answerText('unauthorized')) => new ApiError(401, msg);
export const forbidden = (msg: string = answerText('forbidden')) => new ApiError(403, msg);
export const notFound = (msg: string = answerText('notFound')) => new ApiError(404, msg);
