/**
 * The operators of the shift-start benchmark, in a process of their own so their HTTP clients'
 * work is not counted as (nor competes on the event loop with) the gateway's. Each operator signs
 * in (password grant) and loads its menu routes and buttons. On 'go' it runs the shift and sends
 * {signIns (sorted ms), seconds, retries} to its parent.
 * argv: baseUrl operators arrival, where arrival is either `over:S` (each operator arrives at its
 * own moment within S seconds, spread evenly with a seeded jitter, whatever the others are waiting
 * for, as people coming on shift do) or a number N (N operators at a time, each starting as soon
 * as the one before it is done: as fast as the gateway answers).
 *
 * A request on a kept-alive connection that the server closed just before (its idle timer fired
 * while the request was on the way) is sent again once, as browsers do; `retries` counts them.
 */
import { createHash } from 'node:crypto';

const [base, operators, arrival] = process.argv.slice(2) as [string, string, string];
const OPERATORS = Number(operators);
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const BASIC = 'Basic ' + Buffer.from('saber:saber_secret').toString('base64');
let retries = 0;

export interface ShiftResult {
  signIns: number[];
  seconds: number;
  retries: number;
}

const closedByServer = (err: unknown) => {
  const code = (err as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET';
};

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (!closedByServer(err)) throw err;
    retries++;
    return fetch(url, init);
  }
}

async function signIn(i: number): Promise<string> {
  const q = new URLSearchParams({ tenantId: '000000', username: `op${i}`, password: md5('pw'), grant_type: 'password', scope: 'all' });
  const res = await call(`${base}/api/wdiov-auth/oauth/token?${q}`, { method: 'POST', headers: { Authorization: BASIC } });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`op${i} could not sign in: ${JSON.stringify(body).slice(0, 200)}`);
  return body.access_token;
}

async function shift(): Promise<ShiftResult> {
  const signIns: number[] = [];
  const one = async (i: number) => {
    const t0 = performance.now();
    const token = await signIn(i);
    signIns.push(performance.now() - t0);
    for (const path of ['/api/wdiov-system/menu/routes', '/api/wdiov-system/menu/buttons']) {
      const body = (await (await call(base + path, { headers: { 'Wdiov-Auth': `bearer ${token}` } })).json()) as { code: number; data: unknown[] };
      if (body.code !== 200 || body.data.length === 0) throw new Error(`${path} for op${i}: ${JSON.stringify(body).slice(0, 200)}`);
    }
  };
  const t0 = performance.now();
  if (arrival.startsWith('over:')) {
    const slot = (Number(arrival.slice(5)) * 1000) / OPERATORS;
    // Evenly spread, each moved by up to a slot either way (a fixed seed: runs compare).
    let seed = 42;
    const jitter = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5) * slot;
    await Promise.all(Array.from({ length: OPERATORS }, (_, i) => new Promise<void>((resolve, reject) => {
      setTimeout(() => one(i).then(resolve, reject), Math.max(0, (i + 0.5) * slot + jitter()));
    })));
  } else {
    let next = 0;
    await Promise.all(Array.from({ length: Number(arrival) }, async () => {
      while (next < OPERATORS) await one(next++);
    }));
  }
  return { signIns: signIns.sort((a, b) => a - b), seconds: (performance.now() - t0) / 1000, retries };
}

process.once('message', () => {
  shift().then((r) => process.send!(r, () => process.exit(0)), (err) => {
    console.error(err);
    process.exit(1);
  });
});
process.send!('ready');
