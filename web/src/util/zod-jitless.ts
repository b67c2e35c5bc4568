import { z } from 'zod';

// The console runs under a CSP without 'unsafe-eval': zod must not compile validators with
// `new Function` (its probe alone is reported as a violation). Imported first by every entry.
z.config({ jitless: true });
