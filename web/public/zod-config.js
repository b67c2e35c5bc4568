// Before any module: zod reads this when it loads. The console runs under a CSP without
// 'unsafe-eval', so zod must not compile validators with `new Function`; set here rather than in
// main.tsx because chunks that build schemas can be evaluated before main.tsx's own body.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
