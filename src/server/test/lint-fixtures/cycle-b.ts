// Planted for eslint.test.ts: closes the circle started in cycle-a.ts.
import { a } from './cycle-a.ts';

export const b = (): unknown => a;
