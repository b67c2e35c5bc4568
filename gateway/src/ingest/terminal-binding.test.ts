import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.ts';
import { freshDatabase } from '../../test/test-gateway.ts';
import { TerminalBindings } from './terminal-binding.ts';
import type { VehicleRef } from './vehicle-directory.ts';

/** The bindings against a real database (PGlite, or TEST_DATABASE_URL's server): two gateways may record at once. */
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => fresh.database.db;
let nextId = 9_100_000;
const SIM_1 = '89860012345678901234';
const SIM_2 = '898602B1191750012345';

beforeAll(async () => {
  fresh = await freshDatabase();
});
afterAll(() => fresh?.dispose());

/** A vehicle as the directory answers it (the binding table keys on its id alone). */
const vehicle = (): VehicleRef => {
  nextId++;
  return { tenantId: '000000', vehicleId: String(nextId), vin: `LSVBD${String(nextId).padStart(12, '0')}`, plate: '' };
};
const boundIccid = async (v: VehicleRef) =>
  (await queryRows<{ iccid: string }>(db(), sql`SELECT iccid FROM wdiov_vehicle_terminal_binding WHERE vehicle_id = ${v.vehicleId}::bigint`))[0]?.iccid;

describe('terminal bindings', () => {
  it('while off, record the first ICCID and let another in, counted, without moving the binding', async () => {
    const bindings = new TerminalBindings(db(), false);
    const v = vehicle();
    expect(await bindings.admits(v, SIM_1)).toBe(true);
    expect(await boundIccid(v)).toBe(SIM_1);
    expect(bindings.admits(v, SIM_1)).toBe(true); // known: answered without a query
    expect(await bindings.admits(v, SIM_2)).toBe(true);
    expect(await boundIccid(v)).toBe(SIM_1);
    expect(bindings.stats).toEqual({ recorded: 1, changed: 1, refused: 0 });
  });

  it('never record an ICCID no terminal could have; while on, refuse it', async () => {
    const v = vehicle();
    expect(await new TerminalBindings(db(), false).admits(v, '')).toBe(true);
    expect(await new TerminalBindings(db(), true).admits(v, "1' OR '1'='1")).toBe(false);
    expect(await boundIccid(v)).toBeUndefined();
  });

  it('keep the first of two gateways recording at once: the other terminal is refused on both', async () => {
    const [a, b] = [new TerminalBindings(db(), true), new TerminalBindings(db(), true)];
    const v = vehicle();
    const twin = { ...v };
    const [first, second] = await Promise.all([a.admits(v, SIM_1), b.admits(twin, SIM_2)]);
    const winner = await boundIccid(v);
    expect([SIM_1, SIM_2]).toContain(winner);
    expect([first, second]).toEqual([winner === SIM_1, winner === SIM_2]);
    expect(await a.admits({ ...v, terminalIccid: undefined }, winner === SIM_1 ? SIM_2 : SIM_1)).toBe(false);
  });

  it('decide a refusal once while it stands, and again once a write drops the verdicts', async () => {
    const refusals: string[] = [];
    const bindings = new TerminalBindings(db(), true, (v, iccid) => refusals.push(`${v.vin}:${iccid}`));
    const v = vehicle();
    expect(await bindings.admits(v, SIM_1)).toBe(true);
    for (let i = 0; i < 3; i++) expect(await bindings.admits(v, SIM_2)).toBe(false);
    expect(refusals).toEqual([`${v.vin}:${SIM_2}`]);
    expect(bindings.stats.refused).toBe(3);
    bindings.invalidate();
    expect(await bindings.admits(v, SIM_2)).toBe(false);
    expect(refusals).toHaveLength(2);
  });
});
