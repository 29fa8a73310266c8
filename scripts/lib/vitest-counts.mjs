// A Vitest reporter for scripts/test.mjs: how many tests passed, failed, passed only on a
// retry (flaky) or were skipped, and the names of those that did not simply pass, written as
// JSON to the file named by VITEST_COUNTS_FILE. Vitest's own JSON report says nothing of retries.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const relative = (moduleId) => path.relative(process.cwd(), moduleId);

/** A failure's first line: CI shows only the end of its output, where these names are printed. */
function why(errors) {
  const line = stripVTControlCharacters(String(errors[0]?.message ?? ''))
    .split('\n')
    .find((text) => text.trim());
  return line ? `: ${line.trim().slice(0, 200)}` : '';
}

export default class CountsReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const counts = {
      passed: 0,
      failed: 0,
      flaky: 0,
      skipped: 0,
      brokenFiles: 0,
      unhandledErrors: unhandledErrors.length,
      reason,
      names: [],
    };
    for (const testModule of testModules) {
      // A file that fails outside its tests (an import, a hook) has no test to count it.
      if (testModule.errors().length > 0) {
        counts.brokenFiles += 1;
        counts.names.push(`${relative(testModule.moduleId)} (broken outside its tests)`);
      }
      for (const testCase of testModule.children.allTests()) {
        const { state, errors = [] } = testCase.result();
        const outcome =
          state === 'passed' ? (testCase.diagnostic()?.flaky ? 'flaky' : 'passed') : state === 'failed' ? 'failed' : 'skipped';
        counts[outcome] += 1;
        if (outcome !== 'passed')
          counts.names.push(`${relative(testCase.module.moduleId)} › ${testCase.fullName} (${outcome}${why(errors)})`);
      }
    }
    writeFileSync(process.env.VITEST_COUNTS_FILE, JSON.stringify(counts));
  }
}
