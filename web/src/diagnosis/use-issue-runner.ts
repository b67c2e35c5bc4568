import { useRef, useState } from 'react';
import { InstructStatus, type IssueDiagnose, type IssueInstruction } from '@wdiov/contracts/diagnosis/instruction';
import type { Notifier } from '../api/notifier';
import { t } from '../i18n/i18n';
import type { Row } from '../monitoring/wire-parse';
import { useDiagnosisServices } from './diagnosis-services';
import { issueDiagnoses, issueOne, retryRequestOf } from './instruction-api';
import { statusOf, vehicleText } from './instruction-record';

/** The call being waited for: what it is and, for a diagnosis, how many vehicles have answered. */
export interface InFlight {
  label: string;
  startedAt: number;
  done: number;
  total: number;
}

export type Outcome = { kind: 'instruct'; row: Row } | { kind: 'diagnose'; rows: Row[] };

/** One toast per instruction: its outcome and, when it did not succeed, why. */
function notifyOne(notifier: Notifier, row: Row, vehicle: string): void {
  const reason = typeof row.failReason === 'string' ? row.failReason : '';
  switch (statusOf(row)) {
    case InstructStatus.answered: return notifier.success(t('diagToastAnswered', { vehicle }));
    case InstructStatus.failed: return notifier.error(t('diagToastFailed', { vehicle, reason }));
    case InstructStatus.timedOut: return notifier.warning(t('diagToastTimedOut', { vehicle }));
    case InstructStatus.offline: return notifier.warning(t('diagToastOffline', { vehicle }));
    default: return notifier.info(t('diagToastSent', { vehicle }));
  }
}

function notifyMany(notifier: Notifier, rows: Row[]): void {
  const count = (status: number) => rows.filter((r) => statusOf(r) === status).length;
  const answered = count(InstructStatus.answered);
  const text = t('diagToastDiagnosed', {
    total: rows.length, answered, failed: count(InstructStatus.failed), timedOut: count(InstructStatus.timedOut), offline: count(InstructStatus.offline),
  });
  if (answered === rows.length) notifier.success(text);
  else if (answered > 0) notifier.info(text);
  else notifier.warning(text);
}

/**
 * Issues instructions one at a time: a call may wait ~15 s for the terminal, and a second one
 * meanwhile would only queue behind the first on the terminal's single command slot.
 * `onIssued` receives the final records so the table can show them at the top.
 */
export function useIssueRunner(onIssued: (rows: Row[]) => void) {
  const { http, notifier } = useDiagnosisServices();
  const [inFlight, setInFlight] = useState<InFlight | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A ref as well as state: two clicks in one frame both see the state as idle.
  const busy = useRef(false);

  const run = async (label: string, total: number, call: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setInFlight({ label, startedAt: Date.now(), done: 0, total });
    try {
      await call();
    } catch {
      // The HTTP client showed the server's message (a 400 names the field).
    } finally {
      busy.current = false;
      setInFlight(null);
    }
  };

  const instruct = (body: IssueInstruction, vehicle: string) =>
    run(vehicle, 1, async () => {
      const row = await issueOne(http, body);
      setOutcome({ kind: 'instruct', row });
      notifyOne(notifier, row, vehicle || vehicleText(row));
      onIssued([row]);
    });

  const diagnose = (body: IssueDiagnose, label: string) =>
    run(label, body.vehicleIds.length, async () => {
      const rows: Row[] = [];
      setOutcome({ kind: 'diagnose', rows: [] });
      try {
        await issueDiagnoses(http, body, (chunk) => {
          rows.push(...chunk);
          setOutcome({ kind: 'diagnose', rows: [...rows] });
          setInFlight((f) => (f ? { ...f, done: f.done + chunk.length } : f));
        });
      } finally {
        // Chunks that finished are records already: show them even when a later chunk failed.
        if (rows.length) {
          notifyMany(notifier, rows);
          onIssued(rows);
        }
      }
    });

  /** The same content again, as a new record. */
  const retry = (row: Row) => {
    const request = retryRequestOf(row);
    if (!request) return void notifier.error(t('diagRetryMalformed'));
    const vehicle = vehicleText(row);
    return request.kind === 'diagnose' ? diagnose(request.body, vehicle) : instruct(request.body, vehicle);
  };

  return { inFlight, outcome, instruct, diagnose, retry };
}

export type IssueRunner = ReturnType<typeof useIssueRunner>;
