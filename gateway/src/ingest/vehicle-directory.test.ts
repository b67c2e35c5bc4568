import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { VehicleDirectory } from './vehicle-directory.ts';

/** A database holding some vehicles (two rows for one VIN: the older id must win). */
function fakeDb(failing = false) {
  const rows = [
    { id: '1', tenant_id: 'A', vin: 'VIN00000000000001', plate_number: 'P1' },
    { id: '2', tenant_id: 'B', vin: 'VIN00000000000002', plate_number: null },
    { id: '3', tenant_id: 'C', vin: 'VIN00000000000001', plate_number: 'P1-later' },
  ];
  const asked: string[][] = [];
  const db = {
    execute: async (q: SQL) => {
      if (failing) throw new Error('database down');
      const vins = new PgDialect().sqlToQuery(q).params[0] as string[];
      asked.push(vins);
      return { rows: rows.filter((r) => vins.includes(r.vin)) };
    },
  } as unknown as Db;
  return { db, asked };
}

describe('VehicleDirectory', () => {
  it('looks up the VINs of one turn together, in one query, and answers each', async () => {
    const { db, asked } = fakeDb();
    const dir = new VehicleDirectory(db);
    const answers = await Promise.all(['VIN00000000000001', 'VIN00000000000002', 'VIN0000000UNKNOWN', 'VIN00000000000001'].map((v) => dir.find(v)));
    expect(asked).toEqual([['VIN00000000000001', 'VIN00000000000002', 'VIN0000000UNKNOWN']]);
    expect(answers).toEqual([
      { tenantId: 'A', vehicleId: '1', vin: 'VIN00000000000001', plate: 'P1' },
      { tenantId: 'B', vehicleId: '2', vin: 'VIN00000000000002', plate: '' },
      null,
      { tenantId: 'A', vehicleId: '1', vin: 'VIN00000000000001', plate: 'P1' },
    ]);
    await dir.find('VIN00000000000002');
    await dir.find('VIN0000000UNKNOWN');
    expect(asked).toHaveLength(1); // hits and misses come from the cache
  });

  it('fails the waiting look-ups when the database does, and asks again next time', async () => {
    const dir = new VehicleDirectory(fakeDb(true).db);
    await expect(dir.find('VIN00000000000001')).rejects.toThrow('database down');
    await expect(dir.find('VIN00000000000001')).rejects.toThrow('database down');
    expect(dir.queries).toBe(2);
  });
});
