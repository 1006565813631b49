import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@karta/shared/messages';
import { DatePicker } from './date-picker';

function Harness({ initial = '', error }: { initial?: string; error?: string }) {
  const [value, setValue] = useState(initial);
  return <DatePicker label="Date of birth" value={value} onChange={setValue} error={error} />;
}

function setup(props: { initial?: string; error?: string } = {}) {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  render(<Harness {...props} />);
  const trigger = screen.getByRole('button', { name: /date of birth/i });
  return { user, trigger };
}

describe('DatePicker (docs/product.md §2)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // 21 Nov 2026 in Lagos: the latest birth date allowed is 21 Nov 2008.
    vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says Select date until a date is chosen, then shows it as yyyy-MM-dd', async () => {
    const { user, trigger } = setup();
    expect(trigger).toHaveTextContent('Select date');
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Date of birth' });
    await user.selectOptions(within(dialog).getByLabelText('Year'), '1996');
    await user.selectOptions(within(dialog).getByLabelText('Month'), 'May');
    await user.click(within(dialog).getByRole('button', { name: '7 May 1996' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('1996-05-07');
    expect(trigger).toHaveFocus();
  });

  it('lists 100 years and allows nothing after the day exactly 18 years ago', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog');
    const years = within(within(dialog).getByLabelText('Year')).getAllByRole('option');
    expect(years).toHaveLength(100);
    expect(years[0]).toHaveTextContent('2008');
    expect(years[99]).toHaveTextContent('1909');
    // It opens on the latest allowed month.
    expect(within(dialog).getByLabelText('Month')).toHaveValue('11');
    expect(within(dialog).getByRole('option', { name: 'December' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: '21 November 2008' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: '22 November 2008' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: '21 November 2008' }));
    expect(trigger).toHaveTextContent('2008-11-21');
  });

  it('works from the keyboard: arrows move the day, Enter picks it, Escape closes', async () => {
    const { user, trigger } = setup({ initial: '2000-03-01' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: '1 March 2000' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    // Into February of a leap year.
    expect(screen.getByRole('button', { name: '29 February 2000' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(trigger).toHaveTextContent('2000-02-22');

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('2000-02-22');
  });

  it('does not move past the latest allowed day', async () => {
    const { user, trigger } = setup();
    await user.click(trigger);
    await user.keyboard('{ArrowRight}{ArrowDown}{PageDown}');
    expect(screen.getByRole('button', { name: '21 November 2008' })).toHaveFocus();
  });

  it('is marked invalid and described by the message on error', () => {
    const { trigger } = setup({ error: MESSAGES.DATE_OF_BIRTH_REQUIRED });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription(MESSAGES.DATE_OF_BIRTH_REQUIRED);
  });

  it('says "Date input not valid." for a value that is not a date', () => {
    const { trigger } = setup({ initial: '2001-02-30' });
    expect(trigger).toHaveAccessibleDescription(MESSAGES.DATE_OF_BIRTH_INVALID);
  });
});
