import { Link } from 'react-router-dom';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Skeleton } from 'primereact/skeleton';
import type { HttpClient } from '../api/http';
import type { MenuNode } from '../api/wire';
import { useAppActors } from '../app/AppActorsProvider';
import { dataOf, toPage, type Row } from '../crud/crud-api';
import { routeOfEntity } from '../crud/entity-routes';
import { labelText } from '../crud/field-defs';
import { useI18n } from '../i18n/i18n';
import { findMenuByRoute } from '../menu/menu-tree';
import { entityQueryKey } from '../shared/query-keys';
import { CONSOLE_COUNTS, DUE_REMINDERS, type ConsoleCount } from './console-items';
import './workflows.css';

/** The screen of an entity when the user's menu holds it (its calls would be refused otherwise). */
function screenOf(menu: MenuNode[], entity: string): string | undefined {
  const path = routeOfEntity(entity)?.path;
  return path && findMenuByRoute(menu, path) ? path : undefined;
}

/**
 * A part of the console read once it shows: `undefined` while loading, `null` when the call failed
 * (its toast is kept quiet; the part says so instead of its figure), through the query cache under
 * the entity it counts.
 */
function usePart<T>(queryKey: QueryKey, load: () => Promise<T>): T | null | undefined {
  const query = useQuery({ queryKey, queryFn: load, retry: false });
  return query.isError ? null : query.data;
}

const totalOf = async (http: HttpClient, item: ConsoleCount) =>
  toPage(dataOf(await http.get(item.path, { ...item.params, current: 1, size: 1 }, { quiet: true }))).total;

function CountCard({ http, item, to }: { http: HttpClient; item: ConsoleCount; to: string }) {
  const { t } = useI18n();
  const total = usePart([...entityQueryKey(item.entity), 'consoleCount', item.key], () => totalOf(http, item));
  return (
    <Link to={to} className="wd-console-card" data-count={item.key} aria-busy={total === undefined}>
      <i className={item.icon} aria-hidden />
      <span className="wd-console-card-label">{labelText(item.label)}</span>
      <span className="wd-console-card-detail">{labelText(item.detail)}</span>
      {total === undefined ? <Skeleton width="3rem" height="1.75rem" /> : <strong>{total ?? t('consoleUnavailable')}</strong>}
    </Link>
  );
}

function DueReminders({ http, to }: { http: HttpClient; to: string }) {
  const { t } = useI18n();
  const rows = usePart([...entityQueryKey(DUE_REMINDERS.entity), 'due'], async () => toPage(dataOf(await http.get(DUE_REMINDERS.path, { current: 1, size: DUE_REMINDERS.size }, { quiet: true }))).records);
  const left = (r: Row) =>
    [r.daysLeft != null ? t('consoleDaysLeft', { n: String(r.daysLeft) }) : '', r.kmLeft != null ? t('consoleKmLeft', { n: String(r.kmLeft) }) : ''].filter(Boolean).join(' · ');
  return (
    <section className="wd-console-part" aria-label={t('consoleDue')}>
      <h3>
        {t('consoleDue')} <Link to={to}>{t('consoleOpen')}</Link>
      </h3>
      {rows === undefined ? (
        <Skeleton height="5rem" />
      ) : !rows?.length ? (
        <p className="wd-console-empty">{rows === null ? t('consoleUnavailable') : t('consoleDueNone')}</p>
      ) : (
        <table className="wd-operate-table">
          <thead>
            <tr>
              <th>{t('consolePlate')}</th>
              <th>VIN</th>
              <th>{t('consoleDueDate')}</th>
              <th>{t('consoleDueMileage')}</th>
              <th>{t('consoleLeft')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={String(r.maintainRecordId)} className={Number(r.daysLeft) < 0 || Number(r.kmLeft) < 0 ? 'wd-console-overdue' : undefined}>
                <td>{String(r.plateNumber ?? '—')}</td>
                <td>{String(r.vin ?? '—')}</td>
                <td>{String(r.nextMaintainDate ?? '—')}</td>
                <td>{r.nextMaintainMileageKm != null ? `${String(r.nextMaintainMileageKm)} km` : '—'}</td>
                <td>{left(r) || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * /wel/dashboard, the console (spec part 1 §2, hidden from the menu): the back office's to-dos
 * (orders to deploy, bills to audit, transfers on the road or in trouble, stock sold but not
 * delivered or idle), each a count linking to its screen, and the maintenance falling due.
 * Only what the user's menu grants is shown and asked for.
 */
export default function ConsolePage() {
  const { session, http } = useAppActors();
  const { t } = useI18n();
  const menu = useSelector(session, (s) => s.context.menu ?? []);
  const counts = CONSOLE_COUNTS.flatMap((item) => {
    const to = screenOf(menu, item.entity);
    return to ? [{ item, to }] : [];
  });
  const due = screenOf(menu, DUE_REMINDERS.entity);
  return (
    <section className="wd-console" aria-label={t('consoleTitle')}>
      <h2>{t('consoleTitle')}</h2>
      <p className="wd-console-subtitle">{t('consoleSubtitle')}</p>
      {counts.length === 0 && !due ? (
        <p className="wd-console-empty">{t('consoleNothing')}</p>
      ) : (
        <>
          <section className="wd-console-part" aria-label={t('consoleTodo')}>
            <h3>{t('consoleTodo')}</h3>
            <div className="wd-console-cards">
              {counts.map(({ item, to }) => <CountCard key={item.key} http={http} item={item} to={to} />)}
            </div>
          </section>
          {due && <DueReminders http={http} to={due} />}
        </>
      )}
    </section>
  );
}
