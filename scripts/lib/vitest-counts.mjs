// A Vitest reporter for scripts/test.mjs: how many tests passed, failed, passed only on a
// retry (flaky) or were skipped, written as JSON to the file named by VITEST_COUNTS_FILE.
// Vitest's own JSON report says nothing of retries.
import { writeFileSync } from 'node:fs';

export default class CountsReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const counts = { passed: 0, failed: 0, flaky: 0, skipped: 0, brokenFiles: 0, unhandledErrors: unhandledErrors.length, reason };
    for (const testModule of testModules) {
      // A file that fails outside its tests (an import, a hook) has no test to count it.
      if (testModule.errors().length > 0) counts.brokenFiles += 1;
      for (const testCase of testModule.children.allTests()) {
        const { state } = testCase.result();
        if (state === 'failed') counts.failed += 1;
        else if (state === 'passed') counts[testCase.diagnostic()?.flaky ? 'flaky' : 'passed'] += 1;
        else counts.skipped += 1;
      }
    }
    writeFileSync(process.env.VITEST_COUNTS_FILE, JSON.stringify(counts));
  }
}
