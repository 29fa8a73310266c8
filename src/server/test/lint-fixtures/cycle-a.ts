// Planted for eslint.test.ts (lint ignores this folder): a circle through the #server alias.
import { b } from '#server/test/lint-fixtures/cycle-b.ts';

export const a = () => b();
