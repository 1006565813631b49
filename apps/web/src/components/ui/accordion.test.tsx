import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion';

const ITEMS = [
  { id: 'one', title: 'First question', content: <p>First answer</p> },
  { id: 'two', title: 'Second question', content: <p>Second answer</p> },
];

describe('Accordion', () => {
  it('starts closed, with each title a button inside a heading', () => {
    render(<Accordion items={ITEMS} />);
    const first = screen.getByRole('button', { name: 'First question' });
    expect(first).toHaveAttribute('aria-expanded', 'false');
    const heading = screen.getByRole('heading', { level: 3, name: 'First question' });
    expect(within(heading).getByRole('button')).toBe(first);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByText('First answer')).not.toBeVisible();
  });

  it('expands an answer, collapses it again, and links button and panel', async () => {
    const user = userEvent.setup();
    render(<Accordion items={ITEMS} />);
    const first = screen.getByRole('button', { name: 'First question' });
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'First question' });
    expect(panel).toHaveTextContent('First answer');
    expect(first).toHaveAttribute('aria-controls', panel.id);
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('First answer')).not.toBeVisible();
  });

  it('keeps one answer open at a time and works from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Accordion items={ITEMS} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByText('First answer')).toBeVisible();
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Second question' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText('Second answer')).toBeVisible();
    expect(screen.getByRole('button', { name: 'First question' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
