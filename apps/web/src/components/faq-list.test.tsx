import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FaqList } from './faq-list';

describe('FAQ list (docs/product.md §2)', () => {
  it('answers the four questions of the spec', () => {
    render(<FaqList />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'How do I get started on Karta?',
      'How do I change my withdrawal PIN?',
      'How do I change my password?',
      'How do I withdraw my money?',
    ]);
  });

  it('explains a withdrawal step by step when opened', async () => {
    const user = userEvent.setup();
    render(<FaqList />);
    const question = screen.getByRole('button', { name: 'How do I withdraw my money?' });
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'How do I withdraw my money?' });
    const steps = within(answer)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(steps).toHaveLength(5);
    expect(steps[0]).toMatch(/choose your bank/);
    expect(steps[1]).toMatch(/10-digit account number.*account name appears automatically/);
    expect(steps[2]).toMatch(/Add as beneficiary/);
    expect(steps[3]).toMatch(/confirmation screen/);
    expect(steps[4]).toMatch(/4-digit withdrawal PIN/);
  });

  it('says the PIN has 4 digits and that a password change sends an e-mail code', async () => {
    const user = userEvent.setup();
    render(<FaqList />);
    await user.click(screen.getByRole('button', { name: 'How do I change my withdrawal PIN?' }));
    expect(screen.getByRole('region')).toHaveTextContent('4-digit');
    await user.click(screen.getByRole('button', { name: 'How do I change my password?' }));
    expect(screen.getByRole('region')).toHaveTextContent(
      'We send a 6-digit verification code to your e-mail',
    );
  });
});
