import type { Locator, Page } from 'playwright-core';

/**
 * A sale's action by its label: a button on a phone's card, an item of the row's "จัดการ" menu in the
 * table (issue 31), the menu opened first.
 */
export async function saleAction(page: Page, sale: Locator, name: string): Promise<Locator> {
  await sale.waitFor();
  const menu = sale.getByTestId('sale-actions-menu');
  if ((await menu.count()) === 0) return sale.getByRole('button', { name, exact: true });
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.getByRole('menu').getByRole('menuitem', { name, exact: true });
}
