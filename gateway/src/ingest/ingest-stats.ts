/** Counters of the ingest, for the health call and the benchmark. */
export interface IngestStats {
  connections: number;
  frames: number;
  telemetry: number;
  badChecksum: number;
  badFrames: number;
  garbageBytes: number;
  oversize: number;
  rateLimited: number;
  unknownVin: number;
  /** Frames refused because their connection had no vehicle logged in (not stored). */
  notLoggedIn: number;
  /** Frames and logins refused for naming another VIN than the vehicle of their connection (not stored). */
  otherVin: number;
  /** Logins refused because the terminal is not the one bound to the vehicle (terminal-binding.ts). */
  terminalRefused: number;
  idleClosed: number;
  errors: number;
  /** Times a connection stopped reading because the sink or the connection held too much. */
  paused: number;
  lastError?: string;
}

export const newIngestStats = (): IngestStats => ({
  connections: 0, frames: 0, telemetry: 0, badChecksum: 0, badFrames: 0, garbageBytes: 0,
  oversize: 0, rateLimited: 0, unknownVin: 0, notLoggedIn: 0, otherVin: 0, terminalRefused: 0, idleClosed: 0, errors: 0, paused: 0,
});
