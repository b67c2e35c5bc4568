import type { Page } from '@playwright/test';
import { Command } from '@wdiov/contracts/protocol/index';
import { loginFrame, realtimeFrame } from '../../../gateway/test/gbt-frames.ts';
import { terminal, until } from '../../../gateway/test/terminal-client.ts';
import { accessToken, authHeaders } from './session.ts';

/** GB/T 32960 general alarm flags: bit 2 insulation, bit 4 SOC low. */
export const ALARM_FLAGS = { insulation: 1 << 2, socLow: 1 << 4 } as const;

/**
 * `count` vehicles of the seeded fleet from the `from`-th on, by VIN (a signed-in page of the gateway
 * at `baseUrl`, '' for the shared one). Specs sharing a gateway take vehicles of their own: a vehicle
 * already in alarm raises no new card.
 */
export async function fleetVins(page: Page, { baseUrl = '', from = 0, count }: { baseUrl?: string; from?: number; count: number }): Promise<string[]> {
  const token = await accessToken(page);
  const listed = await page.request.get(`${baseUrl}/api/wdiov-base/vehicle/page?current=1&size=${from + count}`, { headers: authHeaders(token) });
  const vins = ((await listed.json()) as { data: { records: { vin: string }[] } }).data.records.map((r) => r.vin).slice(from);
  if (vins.length < count) throw new Error(`the fleet has ${vins.length} vehicles from the ${from}th, not ${count}`);
  return vins;
}

/**
 * Vehicle terminals on the gateway's GB/T 32960 ingest: `raise` logs a vehicle in on a connection of
 * its own (a connection carries one vehicle) and sends two realtime frames carrying the alarm, which
 * the gateway turns into a live alarm card.
 */
export async function alarmTerminal(ingestPort: number) {
  const links = new Map<string, ReturnType<typeof terminal>>();
  return {
    async raise(vin: string, flags: number, maxLevel: number, at = Date.now() - 20_000): Promise<void> {
      let t = links.get(vin);
      if (!t) {
        t = terminal(ingestPort);
        links.set(vin, t);
        await t.ready;
        t.send(loginFrame(vin, at));
        const link = t;
        await until(() => link.answers.find((a) => a.ok && a.frame.vin === vin && a.frame.command === Command.vehicleLogin), 10_000);
      }
      for (let i = 0; i < 2; i++) t.send(realtimeFrame({ vin, at: at + i * 1000, flags, maxLevel }));
    },
    close: () => {
      for (const t of links.values()) t.socket.destroy();
    },
  };
}
