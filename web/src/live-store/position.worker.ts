import { servePositionSockets, type PositionWorkerScope } from './position-worker-protocol';

/**
 * The live map's position worker: owns the map's position socket, so the frames' text, its
 * JSON.parse and the per-vehicle work never touch the main thread (position-transport.ts).
 * Imports nothing that pulls zod or React: the chunk stays a few kB.
 */
servePositionSockets(self as unknown as PositionWorkerScope);
