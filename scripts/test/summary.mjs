/** Counts of one vitest JSON report; a file that failed without a failed test counts as one failure. */
export function countReport(report) {
  const counts = { passed: 0, failed: 0, skipped: 0, failures: [], skips: [] };
  for (const file of report.testResults ?? []) {
    let failedInFile = 0;
    for (const test of file.assertionResults ?? []) {
      const name = [...(test.ancestorTitles ?? []), test.title].join(' › ');
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') {
        counts.failed += 1;
        failedInFile += 1;
        counts.failures.push(name);
      } else {
        counts.skipped += 1;
        counts.skips.push(name);
      }
    }
    if (file.status === 'failed' && failedInFile === 0) {
      counts.failed += 1;
      counts.failures.push(`${file.name}: ${String(file.message ?? 'failed to run').split('\n')[0]}`);
    }
  }
  return counts;
}

/**
 * The closing summary: one row per package, the failed and skipped tests by name, and the final
 * line `tests: N passed, N failed, N skipped`. `failed` is true when anything failed or a package
 * ended without a report (a crash) or with a non-zero exit.
 */
export function summarize(results) {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const rows = [];
  const failures = [];
  const skips = [];
  let broken = false;
  for (const { name, code, report, seconds } of results) {
    if (!report) {
      broken = true;
      total.failed += 1;
      rows.push(`  ✗ ${name}: exited ${code} without a test report`);
      failures.push(`${name}: the test run crashed (exit ${code})`);
      continue;
    }
    const counts = countReport(report);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    if (code !== 0 && counts.failed === 0) {
      broken = true;
      total.failed += 1;
      failures.push(`${name}: vitest exited ${code}`);
    }
    failures.push(...counts.failures.map((test) => `${name}: ${test}`));
    skips.push(...counts.skips.map((test) => `${name}: ${test}`));
    const mark = counts.failed === 0 && code === 0 ? '✓' : '✗';
    rows.push(
      `  ${mark} ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${seconds.toFixed(1)} s)`,
    );
  }
  const lines = ['Summary', ...rows];
  if (failures.length > 0) lines.push('Failed:', ...failures.map((f) => `  ✗ ${f}`));
  if (skips.length > 0) lines.push('Skipped:', ...skips.map((s) => `  ↓ ${s}`));
  const closing = `tests: ${total.passed} passed, ${total.failed} failed`;
  lines.push(total.skipped > 0 ? `${closing}, ${total.skipped} skipped` : closing);
  return { lines, failed: broken || total.failed > 0, total };
}
