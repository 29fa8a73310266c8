/** A route planner's link to an address: on a phone, its maps application opens with the way there. */
export const navigationHref = (address: string) => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
