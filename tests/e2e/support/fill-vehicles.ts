/**
 * `node --import tsx fill-vehicles.ts <DATA_DIR> <rows>`: adds <rows> vehicles to a stopped
 * gateway's PGlite folder with one INSERT … SELECT generate_series (as gateway/bench does for
 * users): the browser test measures the list, not the insert path. Run as a child process
 * because PGlite opens a folder from one process at a time, and its memory stays out of the
 * Playwright worker. VINs are `LBENCH` + 11 digits, so a test can name any of them.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../../gateway/src/db/client.ts';

const [dataDir, rowsText] = process.argv.slice(2);
const rows = Number(rowsText);
if (!dataDir || !Number.isInteger(rows) || rows <= 0) throw new Error('usage: fill-vehicles.ts <DATA_DIR> <rows>');

const database = await openDatabase({ dir: join(dataDir, 'pg') });
try {
  // The demo fleet's model and organisation (seeded on first start): real references.
  const [ref] = await queryRows<{ model: string; org: string }>(database.db, sql.raw(
    `SELECT vehicle_model_id::text AS model, org_id::text AS org FROM wdiov_vehicle WHERE is_deleted = 0 LIMIT 1`));
  if (!ref) throw new Error('no seeded vehicle to copy references from (DEMO_FLEET off?)');
  await database.db.execute(sql.raw(`
    INSERT INTO wdiov_vehicle (id, tenant_id, vin, plate_number, vehicle_model_id, org_id, energy_type, vehicle_status, status, is_deleted, create_time, update_time)
    SELECT 3000000000000 + g, '000000', 'LBENCH' || lpad(g::text, 11, '0'), '粤B' || lpad((g % 100000)::text, 5, '0'),
           ${BigInt(ref.model)}, ${BigInt(ref.org)}, 1, 1, 1, 0, now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${rows}) g`));
  await database.db.execute(sql.raw('ANALYZE wdiov_vehicle'));
  const [count] = await queryRows<{ n: number }>(database.db, sql.raw('SELECT count(*)::int AS n FROM wdiov_vehicle WHERE is_deleted = 0'));
  console.log(JSON.stringify({ vehicles: count?.n }));
} finally {
  await database.close();
}
