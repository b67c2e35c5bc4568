import { pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timeColumn } from '../table-from-entity.ts';

/**
 * The terminal a vehicle logs in with, by the ICCID of its SIM (GB/T 32960 login), recorded at the
 * vehicle's first login. While INGEST_BIND_ICCID is on, a login with another ICCID is refused until an
 * operator records the terminal change; the row then follows the new terminal. Keyed by the vehicle
 * alone: a vehicle moved to another tenant keeps its terminal.
 */
export const vehicleTerminalBindings = pgTable('wdiov_vehicle_terminal_binding', {
  vehicleId: idColumn('vehicle_id').primaryKey(),
  vin: varchar('vin', { length: 17 }).notNull(),
  iccid: varchar('iccid', { length: 20 }).notNull(),
  boundAt: timeColumn('bound_at').notNull(),
});
