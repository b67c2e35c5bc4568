import type { AlarmSource, VehicleState } from '@wdiov/contracts';

/** A fault code the vehicle reports, named by its protocol's adapter. */
export interface ReportedFault {
  /** `<category>:<code>`: one open fault per vehicle and type. */
  readonly type: string;
  readonly category: string;
  readonly code: string;
  readonly name: string;
  readonly spn: number | null;
  readonly fmi: number | null;
  readonly level: number;
  readonly source: AlarmSource;
}

/** One live frame of a vehicle as the alarm engine takes it, whatever protocol carried it. */
export interface VehicleFrame {
  readonly state: VehicleState;
  readonly faults: readonly ReportedFault[];
}
