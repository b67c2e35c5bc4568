import { vehicleAlarmData } from '@wdiov/contracts/entities/telemetry/vehicle-alarm-data';
import { useI18n } from '../i18n/i18n';
import { entityColumns } from './entity-columns';
import { ALARM_SOURCE } from './record-api';
import { boolCell, levelCell, speedCell } from './record-cells';
import { RecordListPage } from './RecordListPage';

const FIELDS = ['plateNumber', 'vin', 'alarmName', 'alarmType', 'alarmLevel', 'startTime', 'endTime', 'duration', 'speed', 'isHandle', 'handleUser', 'handleTime', 'handleRemark'];

/** /alarm/vehicleAlarm: honours ?vin=&alarmType= ('view now') and ?vin=&timeSlot=. */
export default function VehicleAlarmPage() {
  const { language } = useI18n();
  const columns = entityColumns(vehicleAlarmData, FIELDS, language).map((c) =>
    c.field === 'speed' ? speedCell(c) : c.field === 'alarmLevel' ? levelCell(c) : c.field === 'isHandle' ? boolCell(c) : c,
  );
  return (
    <RecordListPage
      title="monAlarmTitle"
      source={ALARM_SOURCE}
      columns={columns}
      typeParam="alarmType"
      typeLabel={vehicleAlarmData.fields.alarmType.label[language]}
    />
  );
}
