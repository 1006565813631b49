import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedOutState } from '../../../testing/render';

describe('rate calculator page', () => {
  it('says plainly that live rates are coming, with no sample numbers or idle inputs', async () => {
    renderApp('/rate-calculator', { preloadedState: signedOutState() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rate Calculator' }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { name: 'Live rates are coming soon' })).toBeInTheDocument();
    expect(main.queryByRole('textbox')).not.toBeInTheDocument();
    expect(main.queryByRole('combobox')).not.toBeInTheDocument();
    expect(main.getByRole('link', { name: "Ask us for today's rate" })).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});
