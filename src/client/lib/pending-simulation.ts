import { VEHICLE_TYPES } from '#domain/pricing.ts';
import type { SimulationRequest } from '#domain/schemas/simulation.ts';

const KEY = 'simulation-en-attente';
/** How long a visitor's simulation waits for his sign-up or login (the verification e-mail's link lasts as long). */
export const PENDING_SIMULATION_MS = 24 * 60 * 60 * 1000;

/**
 * The last simulation a visitor made, kept in this browser (localStorage: the verification
 * link often opens in another tab) for a day, so that once he has created his account or
 * logged in it is saved in « Mes devis » as the simulator promised, without typing it again.
 * Taken once; logging out forgets it. Storage refused (private mode, full): nothing is kept.
 */
export function keepPendingSimulation(request: SimulationRequest, now = Date.now()): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ ...request, at: now }));
  } catch {
    // Nothing kept then.
  }
}

/** The simulation waiting to be saved, or null: none, too old or unreadable. */
export function peekPendingSimulation(now = Date.now()): SimulationRequest | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw === null ? null : pendingOf(JSON.parse(raw), now);
  } catch {
    return null;
  }
}

/** The simulation waiting to be saved, forgotten from now on (another tab or render does not save it again); null without one. */
export function takePendingSimulation(now = Date.now()): SimulationRequest | null {
  const pending = peekPendingSimulation(now);
  forgetPendingSimulation();
  return pending;
}

function pendingOf(value: unknown, now: number): SimulationRequest | null {
  if (typeof value !== 'object' || value === null) return null;
  const { adresseDepart, adresseArrivee, typeVehicule, at } = value as Record<string, unknown>;
  const vehicle = VEHICLE_TYPES.find((type) => type === typeVehicule);
  if (typeof adresseDepart !== 'string' || typeof adresseArrivee !== 'string' || !vehicle) return null;
  if (typeof at !== 'number' || now - at > PENDING_SIMULATION_MS || at > now) return null;
  return { adresseDepart, adresseArrivee, typeVehicule: vehicle };
}

export function forgetPendingSimulation(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
