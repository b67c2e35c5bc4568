/**
 * Snowflake-style 64-bit ids (milliseconds since 2020 · 10-bit worker · 12-bit sequence), so
 * several gateways can create rows without coordination and ids sort by creation time.
 */
const EPOCH = 1577836800000n; // 2020-01-01T00:00:00Z

export function createIdGenerator(workerId: number = Math.floor(Math.random() * 1024)) {
  const worker = BigInt(workerId & 0x3ff);
  let lastMs = -1n;
  let seq = 0n;
  return function nextId(): string {
    let now = BigInt(Date.now());
    if (now < lastMs) now = lastMs; // clock moved back: keep monotonic
    if (now === lastMs) {
      seq = (seq + 1n) & 0xfffn;
      if (seq === 0n) now = lastMs + 1n; // sequence exhausted in this millisecond: borrow the next
    } else {
      seq = 0n;
    }
    lastMs = now;
    return (((now - EPOCH) << 22n) | (worker << 12n) | seq).toString();
  };
}

export const nextId = createIdGenerator();
