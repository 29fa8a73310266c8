/** Types of postgres.mjs, shared by scripts/test.mjs, the Vitest global setup and the benches. */
export function findPgBin(): string | null;
export function startPostgres(): Promise<{ url: string; stop(): void }>;
