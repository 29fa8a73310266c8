// The browser build imports zod through this module (vite.config.ts aliases "zod" here).
// Zod probes `new Function` to compile fast validators; our CSP forbids eval, so the probe
// would be reported as a CSP violation on every page that validates a form. Jitless mode
// validates without compiling anything.
// Zod's own messages (a rule that names none of ours: a wrong type, an unknown option) are
// said in French, as every form's are.
import * as z from 'zod/v4';
import fr from 'zod/v4/locales/fr.js';

z.config({ jitless: true, ...fr() });

export * from 'zod/v4';
export { z };
export default z;
