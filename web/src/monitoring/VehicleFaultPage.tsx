import { vehicleFaultData } from '@wdiov/contracts/entities/telemetry/vehicle-alarm-data';
import { useI18n } from '../i18n/i18n';
import { entityColumns } from './entity-columns';
import { FAULT_SOURCE } from './record-api';
import { boolCell, levelCell } from './record-cells';
import { RecordListPage } from './RecordListPage';

const FIELDS = ['plateNumber', 'vin', 'faultCode', 'faultName', 'category', 'spn', 'fmi', 'faultLevel', 'startTime', 'endTime', 'duration', 'isHandle', 'handleUser', 'handleTime'];

/** /alarm/vehicleFault: the same queries as alarms, the type being the fault code. */
export default function VehicleFaultPage() {
  const { language } = useI18n();
  const columns = entityColumns(vehicleFaultData, FIELDS, language).map((c) =>
    c.field === 'faultLevel' ? levelCell(c) : c.field === 'isHandle' ? boolCell(c) : c,
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
