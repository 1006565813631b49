import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('renders a submit button enabled in pre-rendered HTML, with the words it shows while held (decision 074)', () => {
    // Parsed as the browser parses the page: `disabled` and `disabled=""` are the same. The
    // page's inline script holds a submit pressed before the app's script arrived, and shows
    // data-queued-text meanwhile (before: disabled, dead for ~15 s on slow 3G).
    const parse = (html: string) => {
      const container = document.createElement('div');
      container.innerHTML = html;
      return within(container).getByRole('button');
    };
    const submit = parse(
      renderToString(
        <Button type="submit" loadingText="Loading..." queuedText="Signing in...">
          Sign In
        </Button>,
      ),
    );
    expect(submit).toBeEnabled();
    expect(submit).toHaveAttribute('data-queued-text', 'Signing in...');
    expect(parse(renderToString(<Button type="submit">Send</Button>))).toHaveAttribute(
      'data-queued-text',
      'Sending...',
    );
    expect(parse(renderToString(<Button>Cancel</Button>))).not.toHaveAttribute('data-queued-text');
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
