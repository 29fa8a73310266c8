/** Types of local-server.mjs, shared by the scripts, the tests and the benches. */
import type { ChildProcess } from 'node:child_process';

export function freePort(): Promise<number>;
export function waitForHealth(url: string, child: ChildProcess, options?: { timeoutMs?: number; intervalMs?: number }): Promise<void>;
