export type GeoPoint = { lat: number; lon: number };

export type AddressSuggestion = {
  label: string;
  postcode: string;
  city: string;
  lat: number;
  lon: number;
  inseeCode?: string;
};

export type Geocoder = {
  suggest(q: string, limit?: number): Promise<AddressSuggestion[]>;
  geocode(q: string): Promise<AddressSuggestion | null>;
};

export type Router = {
  distanceKm(from: GeoPoint, to: GeoPoint): Promise<number>;
};

export type Geo = { geocoder: Geocoder; router: Router };

export const MAX_SUGGESTIONS = 8;
