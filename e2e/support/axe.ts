/**
 * axe-core over the page as it is now (@axe-core/playwright), with the rules of issue #26's audit: WCAG 2.0
 * and 2.1 A/AA and axe's best practices. `label-content-name-mismatch` (WCAG 2.5.3, "label in name": a row
 * whose spoken name leaves out the words on it cannot be picked by voice) is one the audit found, and axe
 * ships it as experimental, off unless asked for by name; it is asked for here so it stays fixed.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const EXPERIMENTAL_RULES_ASKED_FOR = ['label-content-name-mismatch'];

/** Each violation as one line a reader can act on: the rule, the first elements, and what axe says. */
function described(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations.map((violation) => {
    const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
    const more = violation.nodes.length > 3 ? ` (+${violation.nodes.length - 3} more)` : '';
    return `${violation.id} ×${violation.nodes.length}: ${violation.help} — ${targets.join(' | ')}${more}`;
  });
}

/** Runs axe on the whole page and expects no violation; `where` names the screen in the failure. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const results = await new AxeBuilder({ page })
    .options({
      // Only violations are read: axe then skips building the details of every pass (its "resultTypes").
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: AXE_TAGS },
      rules: Object.fromEntries(EXPERIMENTAL_RULES_ASKED_FOR.map((id) => [id, { enabled: true }])),
    })
    .analyze();
  expect.soft(described(results.violations), `axe violations on ${where}`).toEqual([]);
}
