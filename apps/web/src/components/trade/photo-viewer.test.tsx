import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotoViewer } from './photo-viewer';

const renderViewer = () => {
  const user = userEvent.setup();
  render(
    <PhotoViewer
      src="https://files.example/card.webp"
      alt="Photo 1 of 1"
      width={1200}
      height={800}
    />,
  );
  return {
    user,
    viewer: screen.getByRole('group', { name: 'Photo viewer' }),
    photo: screen.getByRole('img', { name: 'Photo 1 of 1' }),
    state: screen.getByRole('status'),
    button: (name: string) => screen.getByRole('button', { name }),
  };
};

/** The photo's box inside the frame: its width is the zoom. */
const boxWidth = (photo: HTMLElement) => photo.parentElement?.style.width;

/** A device whose pointer answers the media query as a phone (coarse) or a laptop (fine) does. */
const pointer = (kind: 'coarse' | 'fine') => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'fine' && query === '(hover: hover) and (pointer: fine)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
};

describe('PhotoViewer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells of its keys where a keyboard is likely (fine pointer), not on a touch screen', () => {
    pointer('fine');
    const { viewer } = renderViewer();
    expect(viewer).toHaveAccessibleDescription(
      'Keys: plus and minus zoom, R turns right, Shift R turns left, 0 resets.',
    );
    cleanup();

    pointer('coarse');
    const phone = renderViewer();
    expect(phone.viewer).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(/^Keys:/)).not.toBeInTheDocument();
  });

  it('shows the photo full size, upright, with every control named', () => {
    const { photo, state, button } = renderViewer();
    expect(photo).toHaveAttribute('src', 'https://files.example/card.webp');
    expect(boxWidth(photo)).toBe('100%');
    expect(photo.style.transform).toBe('rotate(0deg)');
    expect(state).toHaveTextContent('100%');
    expect(button('Zoom out')).toBeDisabled();
    expect(button('Reset')).toBeDisabled();
    for (const name of ['Zoom in', 'Rotate left', 'Rotate right'])
      expect(button(name)).toBeEnabled();
  });

  it('zooms in and out and turns with the buttons, and resets', async () => {
    const { user, photo, state, button } = renderViewer();
    await user.click(button('Zoom in'));
    await user.click(button('Zoom in'));
    expect(boxWidth(photo)).toBe('200%');
    await user.click(button('Zoom out'));
    expect(boxWidth(photo)).toBe('150%');
    await user.click(button('Rotate right'));
    expect(photo.style.transform).toBe('rotate(90deg)');
    expect(state).toHaveTextContent('150%, turned 90°');
    await user.click(button('Rotate left'));
    await user.click(button('Rotate left'));
    expect(photo.style.transform).toBe('rotate(270deg)');
    await user.click(button('Reset'));
    expect(boxWidth(photo)).toBe('100%');
    expect(photo.style.transform).toBe('rotate(0deg)');
    expect(state).toHaveTextContent(/^100%$/);
  });

  it('stops at four times, and at its own size', async () => {
    const { user, photo, button } = renderViewer();
    for (let i = 0; i < 6; i += 1) await user.click(button('Zoom in'));
    expect(boxWidth(photo)).toBe('400%');
    expect(button('Zoom in')).toBeDisabled();
  });

  it('answers + − R Shift+R and 0 once it has focus, and only then', async () => {
    const { user, viewer, photo, state } = renderViewer();
    await user.keyboard('+');
    expect(boxWidth(photo)).toBe('100%');

    await user.tab();
    expect(viewer).toHaveFocus();
    await user.keyboard('++-');
    expect(boxWidth(photo)).toBe('150%');
    await user.keyboard('r');
    expect(photo.style.transform).toBe('rotate(90deg)');
    await user.keyboard('{Shift>}R{/Shift}{Shift>}R{/Shift}');
    expect(photo.style.transform).toBe('rotate(270deg)');
    expect(state).toHaveTextContent('150%, turned 270°');
    await user.keyboard('0');
    expect(boxWidth(photo)).toBe('100%');
    expect(photo.style.transform).toBe('rotate(0deg)');
  });

  it('is worked by keyboard alone through its buttons', async () => {
    const { user, photo } = renderViewer();
    await user.tab(); // the viewer
    await user.tab(); // Zoom out is disabled, so Zoom in
    expect(screen.getByRole('button', { name: 'Zoom in' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(boxWidth(photo)).toBe('150%');
  });
});
