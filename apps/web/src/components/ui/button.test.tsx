import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('renders a submit button disabled in pre-rendered HTML, so no native submit leaks fields', () => {
    const html = renderToString(<Button type="submit">Sign In</Button>);
    expect(html).toMatch(/\sdisabled=""/);
    const plain = renderToString(<Button>Cancel</Button>);
    expect(plain).not.toMatch(/\sdisabled=""/);
  });

  it('is enabled once rendered in the browser', () => {
    render(<Button type="submit">Sign In</Button>);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('shows its loading text and is disabled while loading', () => {
    render(
      <Button type="submit" isLoading loadingText="Loading...">
        Sign In
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });
});
