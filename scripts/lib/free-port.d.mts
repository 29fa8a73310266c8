/** Types of free-port.mjs, shared by the scripts, the tests and the benches. */
export function freePort(): Promise<number>;
