import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Runs axe-core on what the page shows now and fails on any serious or critical violation (WCAG contrast, ARIA
 * misuse, names...), listing each rule with the first elements it found, so a failure says what to fix.
 */
export async function expectNoSeriousAxeViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 5).map((node) => `    ${node.target.join(' ')}: ${node.failureSummary}`);
      return `${violation.impact} ${violation.id} (${violation.nodes.length}): ${violation.help}\n${nodes.join('\n')}`;
    });
  expect(serious, `serious or critical axe violations on ${what}`).toEqual([]);
}
