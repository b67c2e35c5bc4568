/**
 * Fleet-wide counters (one object shared by every vehicle: plain increments, no events)
 * and the progress line the CLI prints every few seconds.
 */

/** What the vehicle models count while simulating. */
export interface SimCounters {
  alarmsRaised: number;
  level3Raised: number;
  faultsRaised: number;
  fenceCrossings: number;
}

export interface FleetStats extends SimCounters {
  vehicles: number;
  /** TCP connections open now. */
  connected: number;
  /** Vehicles logged in now. */
  online: number;
  logins: number;
  loginsRejected: number;
  logouts: number;
  framesSent: number;
  bytesSent: number;
  realtimeSent: number;
  reissueSent: number;
  acksReceived: number;
  /** Platform commands (0x80–0x82) answered. */
  commandsAnswered: number;
  /** Error acks to data frames, socket errors, login time-outs. */
  errors: number;
  /** Of the errors: logins the platform did not answer in time (the link is dropped and tried again). */
  loginTimeouts: number;
  /** Of the errors: socket errors by code (ECONNRESET, ECONNREFUSED…). */
  socketErrors: Record<string, number>;
  reconnects: number;
}

export function newStats(vehicles = 0): FleetStats {
  return {
    vehicles, connected: 0, online: 0, logins: 0, loginsRejected: 0, logouts: 0, framesSent: 0, bytesSent: 0,
    realtimeSent: 0, reissueSent: 0, acksReceived: 0, commandsAnswered: 0, errors: 0, loginTimeouts: 0, socketErrors: {}, reconnects: 0,
    alarmsRaised: 0, level3Raised: 0, faultsRaised: 0, fenceCrossings: 0,
  };
}

export function newCounters(): SimCounters {
  return { alarmsRaised: 0, level3Raised: 0, faultsRaised: 0, fenceCrossings: 0 };
}

/** One progress line; `framesPerS` is the rate since the previous line. */
export function progressLine(s: FleetStats, elapsedS: number, framesPerS: number): string {
  const t = `${Math.round(elapsedS)}s`.padStart(6);
  return (
    `[${t}] connected ${s.connected}/${s.vehicles}  online ${s.online}  frames ${s.framesSent} (${framesPerS.toFixed(1)}/s)` +
    `  acks ${s.acksReceived}  alarms ${s.alarmsRaised} (L3 ${s.level3Raised})  faults ${s.faultsRaised}` +
    `  fences ${s.fenceCrossings}  rejected ${s.loginsRejected}  errors ${s.errors}`
  );
}

/** Progress of a replay: `total` frames in the file. */
export function replayProgressLine(s: FleetStats, elapsedS: number, framesPerS: number, total: number): string {
  const t = `${Math.round(elapsedS)}s`.padStart(6);
  return (
    `[${t}] connections ${s.connected}  frames ${s.framesSent}/${total} (${framesPerS.toFixed(1)}/s)  acks ${s.acksReceived}` +
    `  logins ${s.logins}  rejected ${s.loginsRejected}  errors ${s.errors}`
  );
}
