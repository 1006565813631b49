import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signedOutState } from '../../../testing/render';

const scrollIntoView = vi.fn();

beforeEach(() => {
  // jsdom does not lay pages out, so it has no scrollIntoView of its own.
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  scrollIntoView.mockReset();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

const SECTIONS = [
  'Our product',
  'Eligibility',
  'Identity verification',
  'Account safety',
  'Trade modification and cancellation',
  'Prohibited activities',
  'Account suspension and deletion',
  'Reward system',
  'Privacy',
  'Proprietary rights',
  'Grievance policy',
  'Anti-money-laundering policy',
  'Other policies',
];

describe('Terms of Use (docs/product.md §2)', () => {
  it('covers every section the spec lists, dated June 2024', async () => {
    renderApp('/terms_of_use', { preloadedState: signedOutState() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms of Use' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Last updated: June 2024')).toBeInTheDocument();
    const titles = within(screen.getByRole('main'))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(SECTIONS.map((title, index) => `${index + 1}. ${title}`));
  });

  it('has the #account-suspension and #reward-system anchors with the right content', async () => {
    renderApp('/terms_of_use', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    const suspension = document.getElementById('account-suspension');
    expect(suspension).toHaveTextContent('Account suspension and deletion');
    expect(suspension).toHaveTextContent(/delete your account yourself in Settings/);
    const rewards = document.getElementById('reward-system');
    expect(rewards).toHaveTextContent('₦500');
    expect(rewards).toHaveTextContent(
      /registers with your code and completes a first approved trade/,
    );
  });

  it('scrolls smoothly to the anchor in the address on load', async () => {
    renderApp('/terms_of_use#reward-system', { preloadedState: signedOutState() });
    await waitFor(() => {
      expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    });
    const smooth = scrollIntoView.mock.contexts.filter(
      (_, index) =>
        (scrollIntoView.mock.calls[index]?.[0] as { behavior?: string } | undefined)?.behavior ===
        'smooth',
    );
    expect(smooth).toContain(document.getElementById('reward-system'));
  });

  it('scrolls to a section chosen from the contents', async () => {
    const { user } = renderApp('/terms_of_use', { preloadedState: signedOutState() });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Use' });
    expect(scrollIntoView).not.toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    const [contents] = screen.getAllByRole('navigation', { name: 'On this page' });
    if (!contents) throw new Error('no contents');
    const link = within(contents).getByRole('link', { name: /Account suspension/ });
    expect(link).toHaveAttribute('href', '/terms_of_use#account-suspension');
    await user.click(link);
    await waitFor(() => {
      expect(scrollIntoView.mock.contexts).toContain(document.getElementById('account-suspension'));
    });
  });
});
