// Runs before the app's modules (a classic script in index.html's head). zod's JIT probes `new Function('')`,
// which the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses and reports as a
// violation; jitless zod, configured here before any schema is built, never probes. zod keeps this object.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
