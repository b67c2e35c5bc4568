import { vehicleFaultData } from '@wdiov/contracts/entities/telemetry/vehicle-alarm-data';
import { faultCategoryName, faultDisplayName, type FaultRecord } from '@wdiov/contracts/protocol/fault-names';
import { useI18n } from '../i18n/i18n';
import { entityColumns } from './entity-columns';
import { FAULT_SOURCE } from './record-api';
import { boolCell, levelCell } from './record-cells';
import { RecordListPage } from './RecordListPage';
import type { Row } from './wire-parse';

const FIELDS = ['plateNumber', 'vin', 'faultCode', 'faultName', 'category', 'spn', 'fmi', 'faultLevel', 'startTime', 'endTime', 'duration', 'isHandle', 'handleUser', 'handleTime'];

/** /alarm/vehicleFault: the same queries as alarms, the type being the fault code. */
export default function VehicleFaultPage() {
  const { language } = useI18n();
  // Categories and faults by name in the language now (the tenant's names of codes answered beside them), codes in their own column.
  const category = (row: Row) => faultCategoryName(String(row.category ?? ''), language);
  const name = (row: Row) => faultDisplayName(row as FaultRecord, language);
  const columns = entityColumns(vehicleFaultData, FIELDS, language).map((c) =>
    c.field === 'faultLevel' ? levelCell(c) : c.field === 'isHandle' ? boolCell(c)
      : c.field === 'category' ? { ...c, body: category, text: category }
        : c.field === 'faultName' ? { ...c, body: name, text: name } : c,
  );
  return (
    <RecordListPage
      title="monFaultTitle"
      source={FAULT_SOURCE}
      columns={columns}
      typeParam="faultCode"
      typeLabel={vehicleFaultData.fields.faultCode.label[language]}
    />
  );
}
