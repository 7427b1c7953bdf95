import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { routeTable } from './routes';

afterEach(cleanup);

// built kept pages are tested by their features and the end-to-end tests
const built = new Set(['/pharmacy/customer', '/chatRoom', '/broadcast/column']);
const kept = routeTable.filter((r) => r.keepAlive && !built.has(r.path));

describe('kept pages not built yet', { timeout: 30_000 }, () => {
  it.each(kept.map((r) => [r.path, r] as const))('%s says 建设中 and offers nothing to type into', async (_, route) => {
    const { default: Page } = await route.page!();
    render(<Page />);
    expect(screen.getByRole('heading', { name: route.title })).toBeTruthy();
    expect(screen.getByText('建设中')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByText('备注草稿')).toBeNull();
  });
});
