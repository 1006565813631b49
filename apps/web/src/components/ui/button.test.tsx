import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('renders a submit button disabled in pre-rendered HTML, so no native submit leaks fields', () => {
    // Parsed as the browser parses the page: `disabled` and `disabled=""` are the same.
    const parse = (html: string) => {
      const container = document.createElement('div');
      container.innerHTML = html;
      return within(container).getByRole('button');
    };
    expect(parse(renderToString(<Button type="submit">Sign In</Button>))).toBeDisabled();
    expect(parse(renderToString(<Button>Cancel</Button>))).toBeEnabled();
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
