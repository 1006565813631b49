import { screen } from '@testing-library/react';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState, signedOutState } from '../../../testing/render';
import { api, server, success, testUser } from '../../../testing/server';

const configured = () => {
  server.use(
    http.get(api('/app/config'), () =>
      success({ support_email: 'help@karta.ng', support_phone: '+234 800 123 4567' }),
    ),
  );
};

describe('contact pages (docs/product.md §1, §2)', () => {
  it('says Get In Touch and shows the configured e-mail and phone, available 24/7', async () => {
    configured();
    renderApp('/contact', { preloadedState: signedOutState() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Get In Touch' }),
    ).toBeInTheDocument();
    const email = await screen.findByRole('link', { name: 'help@karta.ng' });
    expect(email).toHaveAttribute('href', 'mailto:help@karta.ng');
    expect(screen.getByRole('link', { name: '+234 800 123 4567' })).toHaveAttribute(
      'href',
      'tel:+2348001234567',
    );
    expect(screen.getByText('Available 24/7')).toBeInTheDocument();
  });

  it('shows the default contacts while the configuration loads', async () => {
    server.use(
      http.get(api('/app/config'), async () => {
        await delay('infinite');
        return success({});
      }),
    );
    renderApp('/contact', { preloadedState: signedOutState() });
    expect(await screen.findByRole('link', { name: 'support@karta.example' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+234 700 000 0000' })).toBeInTheDocument();
  });

  it('shows the same details on the dashboard Contact Us page', async () => {
    configured();
    server.use(http.get(api('/auth/current_user'), () => success(testUser)));
    renderApp('/dashboard/contact-us', { preloadedState: signedInState() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'help@karta.ng' })).toBeInTheDocument();
  });
});
