import type { z } from 'zod';

/**
 * Turns a zod failure into the one-line `msg` of a code-400 answer, naming the field:
 * `请输入参数名称 [paramName]`.
 */
export function validationMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '参数校验失败';
  const path = issue.path.map(String).join('.');
  return path ? `${issue.message} [${path}]` : issue.message;
}
