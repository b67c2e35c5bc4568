/** A failed token call: answered as `{error_code, error_description}` (plus the envelope keys). */
export class OAuthError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly status: number = errorCode === 401 ? 401 : 400,
  ) {
    super(description);
  }
}
