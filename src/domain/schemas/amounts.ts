import { z } from 'zod';

/** An amount of money in cents, the way every request and answer of the API carries it: a whole number. */
export const centsSchema = z.number().int();
