import type { AppActors } from '../app/app-actors';
import type { CrudServices } from './CrudServices';

/** The CRUD screens use the app's own client and notifier. */
export function crudServicesOf(actors: AppActors): CrudServices {
  return { http: actors.http, notifier: actors.notifier };
}
