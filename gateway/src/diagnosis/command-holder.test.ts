// The terminal connection's downlink and the command holder: a real TCP terminal, requests on
// the command subject of the in-process bus, short answer timeouts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entities, subjects } from '@wdiov/contracts';
import { Command, ResponseFlag, encodeFrame, gbTimeFromEpochMs } from '@wdiov/contracts/protocol/index';
import { InstructStatus, QUERYABLE_PARAM_IDS, type InstructionReply } from '@wdiov/contracts/diagnosis/instruction';
import { BusRequestError } from '../bus/bus.ts';
import { systemPrincipal } from '../crud/principal.ts';
import { createTestGateway, type TestGateway } from '../../test/test-gateway.ts';
import { entitySamples } from '../../test/entity-samples.ts';
import { until } from '../../test/terminal-client.ts';
import { answerFrame, answeringTerminal, answerWell, answerWithFlag, silent } from './answering-terminal.ts';

const VIN = 'LSVAU2180N2188001';
const VIN_2025 = 'LSVAU2180N2188002';
let gw: TestGateway;

beforeAll(async () => {
  gw = await createTestGateway({}, { streaming: true });
  const sample = await entitySamples(gw, await gw.signIn()).sample(entities.vehicle);
  for (const [vin, plate] of [[VIN, '粤B·H80001'], [VIN_2025, '粤B·H80002']]) {
    await gw.repos.get('vehicle').insert(systemPrincipal('000000'), { ...sample, vin, plateNumber: plate, terminalId: null });
  }
});
afterAll(() => gw.dispose());

const port = () => gw.streaming!.ingest!.port;

async function ask(vin: string, instructType: 1 | 2 | 3, content: unknown, timeoutMs = 2_000): Promise<InstructionReply> {
  const request = JSON.stringify({ recordId: '1', instructType, content, timeoutMs });
  const msg = await gw.bus!.request(subjects.command('000000', vin), request, { timeoutMs: timeoutMs + 2_000 });
  return msg.json<InstructionReply>();
}

async function noResponders(vin: string): Promise<boolean> {
  try {
    await ask(vin, 1, { ids: [2] });
    return false;
  } catch (err) {
    return err instanceof BusRequestError && err.reason === 'no-responders';
  }
}

describe('downlink instructions through the holder', () => {
  it('has nobody to answer for a vehicle that is not logged in here', async () => {
    expect(await noResponders(VIN)).toBe(true);
  });

  it('queries parameters: a 0xFE command in the login\'s edition, the answer flattened, sentinels as null', async () => {
    const t = await answeringTerminal(port(), VIN);
    try {
      const reply = await ask(VIN, 1, { ids: [...QUERYABLE_PARAM_IDS] });
      expect(reply.status).toBe(InstructStatus.answered);
      expect(reply.data).toEqual({
        params: { 1: null, 2: 10, 3: 1000, 4: 9, 5: '127.0.0.1', 6: 32960, 7: 'HW1.0', 8: 'FW2.1', 9: 30, 10: null, 11: 60, 12: 1, 13: 0, 14: '', 15: 0, 16: 2 },
      });
      expect(t.commands[0]).toMatchObject({ edition: '2016', command: Command.queryParams, responseFlag: ResponseFlag.command, vin: VIN });
      // Answers are not data: nothing went to the telemetry path.
      expect(gw.streaming!.ingest!.stats.telemetry).toBe(0);
      expect(gw.latest.get(VIN)).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('speaks 2025 to a 2025 terminal: set and control answered with their flag', async () => {
    const t = await answeringTerminal(port(), VIN_2025, answerWell, '2025');
    try {
      expect(await ask(VIN_2025, 2, { params: [{ id: 0x02, value: 30 }] })).toEqual({ status: InstructStatus.answered, data: { responseFlag: 1 } });
      expect(await ask(VIN_2025, 3, { commandId: 6, alarmLevel: 1 })).toEqual({ status: InstructStatus.answered, data: { responseFlag: 1 } });
      expect(t.commands.map((c) => [c.edition, c.command])).toEqual([['2025', 0x81], ['2025', 0x82]]);
      // A report period of 300 s fits a 2016 WORD but not a 2025 BYTE: refused before sending, naming the parameter.
      const tooLong = await ask(VIN_2025, 2, { params: [{ id: 0x02, value: 300 }] });
      expect(tooLong).toMatchObject({ status: InstructStatus.failed, failReason: expect.stringContaining('param 0x2') });
      expect(t.commands).toHaveLength(2);
    } finally {
      await t.close();
    }
  });

  it('fails with the flag named when the terminal answers with an error, or with an unreadable answer', async () => {
    const t = await answeringTerminal(port(), VIN, answerWithFlag(ResponseFlag.error));
    try {
      const reply = await ask(VIN, 3, { commandId: 3 });
      expect(reply).toMatchObject({ status: InstructStatus.failed, failReason: '终端应答失败: 错误 (0x02)', data: { responseFlag: 2 } });
      // A query answer whose parameter list runs past the data unit.
      t.behaviour = (command) => {
        const bytes = answerFrame(command, ResponseFlag.success, { kind: 'params', time: gbTimeFromEpochMs(Date.now()), params: [{ id: 0x02, value: 10 }] });
        const broken = bytes.slice();
        broken[30] = 5; // parameter count 1 → 5
        broken[broken.length - 1] ^= 1 ^ 5;
        return broken;
      };
      expect(await ask(VIN, 1, { ids: [2] })).toMatchObject({ status: InstructStatus.failed, failReason: expect.stringContaining('终端应答无法解析') });
    } finally {
      await t.close();
    }
  });

  it('times out when the terminal stays silent, refuses a second command of the same id meanwhile, ignores a late answer', async () => {
    const t = await answeringTerminal(port(), VIN, silent);
    try {
      const first = ask(VIN, 1, { ids: [2] }, 400);
      await until(() => t.commands.length === 1);
      const second = await ask(VIN, 1, { ids: [9] }, 400);
      expect(second).toMatchObject({ status: InstructStatus.failed, failReason: expect.stringContaining('上一条同类指令') });
      // Another command id is independent.
      t.behaviour = (c) => (c.command === Command.terminalControl ? answerWell(c) : undefined);
      expect((await ask(VIN, 3, { commandId: 6, alarmLevel: 0 })).status).toBe(InstructStatus.answered);
      expect(await first).toEqual({ status: InstructStatus.timedOut, failReason: '等待终端应答超时' });
      t.send(answerWell(t.commands[0]!)!); // too late: nobody waits any more
      t.behaviour = answerWell;
      expect((await ask(VIN, 1, { ids: [2] })).data).toEqual({ params: { 2: 10 } });
    } finally {
      await t.close();
    }
  });

  it('gives up the subject when the terminal logs out or disconnects; a reconnect takes it over', async () => {
    const t = await answeringTerminal(port(), VIN, silent);
    const pending = ask(VIN, 1, { ids: [2] }, 5_000);
    await until(() => t.commands.length === 1);
    await t.close();
    expect(await pending).toEqual({ status: InstructStatus.failed, failReason: '终端连接已断开' });
    await until(async () => await noResponders(VIN));

    const again = await answeringTerminal(port(), VIN);
    expect((await ask(VIN, 1, { ids: [2] })).status).toBe(InstructStatus.answered);
    again.send(encodeFrame({
      edition: '2016', command: Command.vehicleLogout, responseFlag: ResponseFlag.command, vin: VIN, encryption: 1,
      body: { kind: 'logout', time: gbTimeFromEpochMs(Date.now()), seq: 1 },
    }));
    await until(async () => await noResponders(VIN));
    await again.close();
  });

  it('answers a malformed request with a failure instead of writing anything', async () => {
    const t = await answeringTerminal(port(), VIN);
    try {
      const msg = await gw.bus!.request(subjects.command('000000', VIN), '{"recordId":1}', { timeoutMs: 2_000 });
      expect(msg.json()).toEqual({ status: InstructStatus.failed, failReason: '指令格式无效' });
      expect(t.commands).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
