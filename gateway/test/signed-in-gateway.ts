import { afterAll, beforeAll } from 'vitest';
import { createTestGateway, type TestGateway } from './test-gateway.ts';
import { entitySamples } from './entity-samples.ts';

export interface SignedInGateway {
  gw: TestGateway;
  /** The administrator's access token. */
  token: string;
  /** Valid submit bodies for any entity (entity-samples.ts). */
  samples: ReturnType<typeof entitySamples>;
}

/**
 * The registry walks' common setup: one test gateway for the file, the administrator signed in,
 * and a sample builder; disposed after the file. Read the fields inside tests (set in beforeAll).
 */
export function signedInGateway(): SignedInGateway {
  const ctx = {} as SignedInGateway;
  beforeAll(async () => {
    ctx.gw = await createTestGateway();
    ctx.token = await ctx.gw.signIn();
    ctx.samples = entitySamples(ctx.gw, ctx.token);
  });
  afterAll(() => ctx.gw?.dispose());
  return ctx;
}
