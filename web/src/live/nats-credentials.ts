import { z } from 'zod';
import { NATS_CREDENTIALS_PATH, type NatsCredentials } from '@wdiov/contracts/nats/position-message';
import type { R } from '@wdiov/contracts/wire/envelope';
import type { HttpClient } from '../api/http';

const natsCredentials = z.object({
  servers: z.array(z.string()).min(1),
  jwt: z.string().min(1),
  expiresAt: z.number(),
  subjects: z.array(z.string()),
  cards: z.string().optional(),
});

/**
 * The gateway's nats.ws credentials for this browser's public key, or null where it offers none
 * (or answers something that is not credentials: the console then uses the gateway's sockets).
 */
export async function fetchNatsCredentials(http: HttpClient, publicKey: string): Promise<NatsCredentials | null> {
  const answer = await http.get<R<unknown>>(NATS_CREDENTIALS_PATH, { publicKey }, { quiet: true });
  const parsed = natsCredentials.safeParse(answer.data);
  return parsed.success ? parsed.data : null;
}
