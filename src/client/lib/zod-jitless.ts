// The browser build imports zod through this module (vite.config.ts aliases "zod" here).
// Zod probes `new Function` to compile fast validators; our CSP forbids eval, so the probe
// would be reported as a CSP violation on every page that validates a form. Jitless mode
// validates without compiling anything.
import * as z from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
