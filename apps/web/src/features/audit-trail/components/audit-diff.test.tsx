import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuditDiff } from './audit-diff';

describe('AuditDiff', () => {
  it('lists changed keys with old → new, money in naira and times in Lagos', () => {
    render(
      <AuditDiff
        before={{ status: 'pending', final_kobo: null, rate: 1180, name: 'USA $100' }}
        after={{
          status: 'approved',
          final_kobo: '11800050',
          rate: 1250.5,
          name: 'USA $100',
          claimed_until: '2026-11-21T13:02:00.000Z',
        }}
      />,
    );
    const changes = screen.getByRole('list', { name: 'Changes' });
    const lines = within(changes)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual([
      'Status:pending→approved',
      'Final:—→₦118,000.50',
      'Rate:₦1,180.00→₦1,250.50',
      'Claimed until:—→21 Nov 2026, 14:02',
    ]);
    expect(screen.getByText('pending')).toHaveAccessibleName('was pending');
  });

  it('does not call a key missing before and empty after a change', () => {
    render(
      <AuditDiff
        before={{ status: 'pending' }}
        after={{ status: 'rejected', proof_id: null, note: 'Glare' }}
      />,
    );
    const lines = within(screen.getByRole('list', { name: 'Changes' }))
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual(['Status:pending→rejected', 'Note:—→Glare']);
    expect(screen.getByRole('button', { name: 'Show 1 unchanged detail' })).toBeInTheDocument();
  });

  it('hides unchanged keys behind a toggle a keyboard can press', async () => {
    const user = userEvent.setup();
    render(
      <AuditDiff
        before={{ rate: 1180, name: 'USA $100', active: true }}
        after={{ rate: 1200, name: 'USA $100', active: true }}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Show 2 unchanged details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const unchanged = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(unchanged).not.toBeVisible();
    if (!unchanged) throw new Error('the toggle controls no list');

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(unchanged).toBeVisible();
    expect(
      within(unchanged)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Name:USA $100', 'Active:Yes']);
    expect(screen.getByRole('button', { name: 'Hide unchanged details' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('shows a new record’s values without arrows, and says when nothing was recorded', () => {
    const { unmount } = render(
      <AuditDiff before={null} after={{ email: 'ada@example.com', role: 'operator' }} />,
    );
    expect(
      within(screen.getByRole('list', { name: 'Changes' }))
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Email:ada@example.com', 'Role:operator']);
    unmount();
    render(<AuditDiff before={null} after={null} />);
    expect(screen.getByText('No details recorded.')).toBeVisible();
  });
});
