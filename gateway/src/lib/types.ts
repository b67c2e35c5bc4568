import type { Logger } from 'pino';
import type { Principal } from '../crud/principal.ts';

export interface AppBindings {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the auth middleware on every protected route. */
    principal: Principal;
  };
}
