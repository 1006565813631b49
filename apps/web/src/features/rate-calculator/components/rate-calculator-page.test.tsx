import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInState, signedOutState } from '../../../testing/render';
import { api, server, success } from '../../../testing/server';

const emptyList = () => success({ data: [], meta: { page: 1, size: 10, total: 0, totalPages: 0 } });

describe('rate calculator page', () => {
  it.each([
    ['/rate-calculator', signedOutState],
    ['/dashboard/rate-calculator', signedInState],
  ])('shows the calculator at %s', async (path, state) => {
    server.use(http.get(api('/card/admin_get_gift_card'), emptyList));
    renderApp(path, { preloadedState: state() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Rate Calculator' }),
    ).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('combobox', { name: 'Gift card' })).toBeEnabled();
    expect(main.getByRole('combobox', { name: 'Subcategory' })).toBeDisabled();
    expect(main.getByRole('textbox', { name: 'Card amount' })).toBeDisabled();
    // The rate is a figure to read, not a box that looks typeable.
    expect(main.queryByRole('textbox', { name: 'Rate (₦ per unit)' })).toBeNull();
    expect(main.getByLabelText('Rate (₦ per unit)').tagName).toBe('OUTPUT');
    expect(main.getByLabelText('Value in NGN')).toHaveTextContent(/^0\.00$/);
  });
});
