import { fenceAccessRecord } from '@wdiov/contracts/entities/telemetry/vehicle-alarm-data';
import { useI18n } from '../i18n/i18n';
import { entityColumns } from './entity-columns';
import { FENCE_ACCESS_SOURCE } from './record-api';
import { accessCell, speedCell } from './record-cells';
import { RecordListPage } from './RecordListPage';

const FIELDS = ['plateNumber', 'vin', 'fenceName', 'accessType', 'accessTime', 'speed', 'lng', 'lat'];

/** /fenceAccessRecord/index: ?vin= and ?timeSlot=<startMs>,<endMs> on the access time. */
export default function FenceAccessPage() {
  const { language } = useI18n();
  const columns = entityColumns(fenceAccessRecord, FIELDS, language).map((c) =>
    c.field === 'accessType' ? accessCell(c) : c.field === 'speed' ? speedCell(c) : c,
  );
  return <RecordListPage title="monFenceAccessTitle" source={FENCE_ACCESS_SOURCE} columns={columns} />;
}
