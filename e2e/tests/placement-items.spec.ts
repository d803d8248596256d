import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';

// The administrator keeps the placement test's questions: adds one, corrects it, retires it and puts
// it back, each from the list.
test('an admin adds, edits, retires and restores a placement item', async ({ page, loginAsAdmin }) => {
  const id = randomUUID().slice(0, 6);
  await loginAsAdmin();
  await page.goto('/admin/placement-items');
  await expect(page.getByRole('heading', { level: 1, name: 'Placement items' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Items in use at each level' })).toContainText('C2');

  await page.getByRole('button', { name: 'Add item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add item' });
  await dialog.getByLabel('Level').selectOption('C2');
  await dialog.getByLabel('Question').fill(`Which word is closest to "ubiquitous"? ${id}`);
  await dialog.getByLabel('Answer 1').fill('rare');
  await dialog.getByLabel('Answer 2').fill('everywhere');
  await dialog.getByLabel('Answer 3').fill('ancient');
  await dialog.getByLabel('Right answer').selectOption({ label: 'Answer 2: everywhere' });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(page.getByText('Item added.')).toBeVisible();

  const filters = page.getByRole('form', { name: 'Filter items' });
  await filters.getByLabel('Level').selectOption('C2');
  await filters.getByLabel('Skill').selectOption('grammar');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('everywhere (right)');

  await row.getByRole('button', { name: /^Edit item/ }).click();
  const edit = page.getByRole('dialog', { name: /^Edit item/ });
  await edit.getByLabel('Question').fill(`Which word means "found everywhere"? ${id}`);
  await edit.getByRole('button', { name: 'Save item' }).click();
  await expect(page.getByText('Item saved.')).toBeVisible();
  await expect(row).toContainText('found everywhere');

  await row.getByRole('button', { name: /^Retire item/ }).click();
  await expect(row).toContainText('Retired');
  await row.getByRole('button', { name: /^Restore item/ }).click();
  await expect(row).toContainText('In use');
});
