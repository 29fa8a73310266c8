// `npm run rules:compile`: compiles each e-invoicing rule set (the schematrons' XSLT in vendor/)
// with this version of xslt3 and writes its compiled form, gzipped, to vendor/compiled-rules/,
// named by the SHA-256 of its XSLT and the compiler's version; the older forms of the same set
// are removed. The checks then load it instead of compiling for 30 to 60 s
// (src/server/einvoicing/validation.ts, vendor/compiled-rules/README.md).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { compileRules, RULE_SETS, rulesSha, shippedRules } from '#server/einvoicing/validation.ts';

const work = mkdtempSync(path.join(os.tmpdir(), 'convoyage-rules-'));
try {
  await Promise.all(
    Object.values(RULE_SETS).map(async (rules) => {
      const target = shippedRules(rules, rulesSha(rules));
      const compiled = path.join(work, `${rules.name}.sef.json`);
      await compileRules(rules, compiled);
      const folder = path.dirname(target);
      for (const older of readdirSync(folder).filter((name) => name.startsWith(`${rules.name}-`))) rmSync(path.join(folder, older));
      writeFileSync(target, gzipSync(readFileSync(compiled), { level: 9 }));
      console.log(`${path.relative(process.cwd(), target)}`);
    }),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
