/** How long a terminal has to answer a downlink instruction before it counts as timed out (status 5). */
export const ANSWER_TIMEOUT_MS = 10_000;

/**
 * What the issuing gateway waits on the bus beyond the answer timeout: the holder's own
 * "timed out" reply should arrive first, so a bus time-out means the holder itself was lost.
 */
export const BUS_MARGIN_MS = 2_000;

/** Vehicles of one remote diagnosis queried at once (each holds a terminal's 0x80 slot until it answers). */
export const DIAGNOSE_CONCURRENCY = 8;
