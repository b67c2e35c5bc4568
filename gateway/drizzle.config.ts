import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema/entities.generated.ts', './src/db/schema/auth.ts', './src/db/schema/grants.ts', './src/db/schema/telemetry.ts', './src/db/schema/stats.ts', './src/db/schema/workflows.ts', './src/db/schema/app-bindings.ts', './src/db/schema/forward.ts', './src/db/schema/safety.ts', './src/db/schema/shares.ts', './src/db/schema/storage.ts', './src/db/schema/terminal-bindings.ts', './src/db/schema/inbox.ts', './src/db/schema/sso.ts', './src/db/schema/notify.ts'],
  out: './drizzle',
});
