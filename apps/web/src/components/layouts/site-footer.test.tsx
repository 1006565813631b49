import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SOCIAL_LINKS } from '../../config/links';
import { renderApp, signedOutState } from '../../testing/render';

describe('site footer (docs/product.md §1, §2)', () => {
  it('has the company and legal links and the brand link to /', () => {
    renderApp('/home', { preloadedState: signedOutState() });
    const footer = within(screen.getByRole('contentinfo'));
    const hrefs = {
      Home: '/home',
      About: '/about',
      Contact: '/contact',
      'Rate Calculator': '/rate-calculator',
      'Privacy Policy': '/privacy_policy',
      'Terms & Conditions': '/terms_of_use',
      'Karta home': '/',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('shows Follow Us with named social links that open in a new tab', () => {
    renderApp('/home', { preloadedState: signedOutState() });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('heading', { name: 'Follow Us' })).toBeInTheDocument();
    expect(footer.getByRole('link', { name: 'Karta on X' })).toHaveAttribute(
      'href',
      SOCIAL_LINKS.x,
    );
    const instagram = footer.getByRole('link', { name: 'Karta on Instagram' });
    expect(instagram).toHaveAttribute('href', SOCIAL_LINKS.instagram);
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('carries the disclaimer', async () => {
    renderApp('/about', { preloadedState: signedOutState() });
    // /about is a lazy route: the layout shows once its page has loaded.
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(
      'Trading in assets is subject to market, technical and market risks. Prices fluctuate with local demand and supply.',
    );
  });
});
