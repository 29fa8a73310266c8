import { GeoServiceError } from './errors.js';
import { DEFAULT_TIMEOUT_MS, fetchJson, trimTrailingSlash } from './http.js';
import { type AddressSuggestion, type Geocoder, MAX_SUGGESTIONS } from './types.js';
import { geoplateformeSearchSchema, parseWire } from './wire-schemas.js';

export const DEFAULT_GEOPLATEFORME_URL = 'https://data.geopf.fr/geocodage';

const SERVICE = 'Géoplateforme';

export type GeoplateformeOptions = {
  /** Base of the geocoding service, without /search. */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
  /**
   * The service always answers with its best guess, even for gibberish; below this score (0–1)
   * geocode() treats the address as not found.
   */
  minScore?: number | undefined;
};

/** IGN Géoplateforme geocoding (successor of the BAN API): street-level French addresses. */
export function createGeoplateformeGeocoder(options: GeoplateformeOptions = {}): Geocoder {
  const baseUrl = trimTrailingSlash(options.baseUrl ?? DEFAULT_GEOPLATEFORME_URL);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const minScore = options.minScore ?? 0.4;

  async function search(q: string, limit: number): Promise<(AddressSuggestion & { score: number })[]> {
    const text = q.trim();
    // The service refuses queries under 3 characters with a 400.
    if (text.length < 3) return [];
    const params = new URLSearchParams({ q: text.slice(0, 200), limit: String(limit), index: 'address' });
    const { status, body } = await fetchJson(SERVICE, `${baseUrl}/search?${params}`, {
      headers: { accept: 'application/json' },
      timeoutMs,
    });
    // A query the service cannot parse is the user's typo, not an outage.
    if (status === 400) return [];
    if (status < 200 || status >= 300) throw new GeoServiceError('unavailable', SERVICE, `HTTP ${status}`);
    return parseFeatureCollection(body);
  }

  return {
    suggest: async (q, limit = MAX_SUGGESTIONS) => {
      const found = await search(q, Math.max(1, Math.min(MAX_SUGGESTIONS, Math.floor(limit) || MAX_SUGGESTIONS)));
      return found.map(withoutScore);
    },
    geocode: async (q) => {
      const [best] = await search(q, 1);
      return best && best.score >= minScore ? withoutScore(best) : null;
    },
  };
}

function withoutScore({ score: _score, ...suggestion }: AddressSuggestion & { score: number }): AddressSuggestion {
  return suggestion;
}

function parseFeatureCollection(body: unknown): (AddressSuggestion & { score: number })[] {
  const { features } = parseWire(geoplateformeSearchSchema, SERVICE, body, 'expected a GeoJSON FeatureCollection');
  return features.map(({ geometry, properties }) => ({
    label: properties.label,
    postcode: properties.postcode ?? '',
    city: properties.city ?? '',
    lat: geometry.coordinates[1],
    lon: geometry.coordinates[0],
    ...(properties.citycode !== undefined ? { inseeCode: properties.citycode } : {}),
    score: properties.score ?? 1,
  }));
}
