import type { Logger } from 'pino';
import type { Principal } from '../crud/principal.ts';

export interface AppBindings {
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the auth middleware on every protected route. */
    principal: Principal;
  };
}

/** The context every route handler receives. */
export type Ctx = import('hono').Context<AppBindings>;
