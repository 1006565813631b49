import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOutState } from '../../../testing/render';

const renderHome = () => renderApp('/home', { preloadedState: signedOutState() });

describe('home page (docs/product.md §2)', () => {
  it('invites visitors to trade, with Start Trading and Withdraw leading to /login', () => {
    renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      /Trade your gift cards for naira/,
    );
    for (const name of ['Start Trading', 'Withdraw']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/login');
    }
  });

  it('shows a carousel of gift cards', () => {
    renderHome();
    const carousel = screen.getByRole('region', { name: 'Popular gift cards' });
    expect(within(carousel).getByRole('img', { name: 'Amazon gift card' })).toBeInTheDocument();
    expect(within(carousel).getAllByRole('button', { name: /Go to slide/ })).toHaveLength(6);
  });

  it('says there is no app yet and sends people to trade on the web (decision 035)', () => {
    renderHome();
    const block = screen.getByRole('region', { name: 'Trade from your phone' });
    expect(block).toHaveTextContent('Apps for iPhone and Android are not out yet');
    expect(within(block).getByRole('link', { name: 'Create a free account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(block).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: /App Store|Google Play/ })).not.toBeInTheDocument();
    // Nothing else on the page sends anyone to an app that is not out.
    const howTo = screen.getByRole('region', { name: 'How trading works' });
    expect(howTo).not.toHaveTextContent(/Karta app|download/i);
    expect(howTo).toHaveTextContent('no app to install');
  });

  it('answers the FAQs in an accordion', async () => {
    const { user } = renderHome();
    const question = screen.getByRole('button', { name: 'How do I get started on Karta?' });
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
  });

  it('links the ₦500 referral reward to its terms', () => {
    renderHome();
    expect(screen.getByRole('link', { name: /How rewards work/ })).toHaveAttribute(
      'href',
      '/terms_of_use#reward-system',
    );
  });

  it('takes the sign-up banner to registration with the e-mail typed', async () => {
    const { user, router } = renderHome();
    await user.type(screen.getByLabelText('Your e-mail address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/register');
    });
    expect(router.state.location.state).toEqual({ email: 'ada@example.com' });
  });
});
