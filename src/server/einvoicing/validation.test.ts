import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_SETS, rulesSha, shippedRules } from './validation.ts';

describe('the e-invoicing rules, compiled ahead (vendor/compiled-rules/)', () => {
  // Without it, the first check of an invoice compiles the rules for 30 to 60 s of processor, on
  // every fresh installation and in every test run.
  it('ships each rule set compiled from its XSLT by the xslt3 installed (npm run rules:compile otherwise)', () => {
    const missing = Object.values(RULE_SETS)
      .map((rules) => shippedRules(rules, rulesSha(rules)))
      .filter((file) => !existsSync(file))
      .map((file) => path.basename(file));
    expect(missing).toEqual([]);
  });
});
