import { createHttpClient } from '../api/http';
import type { AppActors } from '../app/app-actors';
import { getToken } from '../util/auth-cookies';
import type { CrudServices } from './CrudServices';

const byActors = new WeakMap<AppActors, CrudServices>();

/**
 * The CRUD screens' client: the shell's client options (token, error catalogue, toasts) and
 * the same 401 handling. Made here because the actors do not expose their client; one per app.
 */
export function crudServicesOf(actors: AppActors): CrudServices {
  let services = byActors.get(actors);
  if (!services) {
    const http = createHttpClient({
      notifier: actors.notifier,
      getToken,
      onUnauthorized: () => actors.session.send({ type: 'UNAUTHORIZED' }),
    });
    services = { http, notifier: actors.notifier };
    byActors.set(actors, services);
  }
  return services;
}
