import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from './carousel';

const SLIDES = ['Amazon', 'Apple', 'Steam'].map((name) => <p key={name}>{name}</p>);
const INTERVAL = 4000;
const SPEED = 500;

/** The slide a sighted visitor sees: the one group not hidden from assistive technology. */
const shownSlide = () => screen.getByRole('group');

const advance = async (ms: number) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
};
/** One autoplay step: the wait, then the movement (React runs effects between the two). */
const waitForNextSlide = async () => {
  await advance(INTERVAL);
  await advance(SPEED);
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Carousel (docs/product.md §2, §9)', () => {
  it('shows one slide at a time and advances by itself', async () => {
    render(<Carousel slides={SLIDES} label="Gift cards" intervalMs={INTERVAL} speedMs={SPEED} />);
    expect(screen.getByRole('region', { name: 'Gift cards' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(screen.getAllByRole('group')).toHaveLength(1);
    expect(shownSlide()).toHaveTextContent('Amazon');
    expect(shownSlide()).toHaveAccessibleName('1 of 3');
    await waitForNextSlide();
    expect(shownSlide()).toHaveTextContent('Apple');
    expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('moves with a 500 ms transition', () => {
    render(<Carousel slides={SLIDES} label="Gift cards" />);
    const track = shownSlide().parentElement;
    expect(track?.style.transition).toBe('transform 500ms ease-in-out');
  });

  it('loops from the last slide back to the first, going forwards', async () => {
    render(<Carousel slides={SLIDES} label="Gift cards" intervalMs={INTERVAL} speedMs={SPEED} />);
    await waitForNextSlide();
    await waitForNextSlide();
    expect(shownSlide()).toHaveTextContent('Steam');
    await waitForNextSlide();
    expect(shownSlide()).toHaveTextContent('Amazon');
    // Back on the real first slide (not its copy at the end of the track).
    expect(shownSlide().parentElement?.style.transform).toBe('translateX(-100%)');
    await waitForNextSlide();
    expect(shownSlide()).toHaveTextContent('Apple');
  });

  it('pauses while hovered and goes on when the pointer leaves', async () => {
    render(<Carousel slides={SLIDES} label="Gift cards" intervalMs={INTERVAL} speedMs={SPEED} />);
    const region = screen.getByRole('region', { name: 'Gift cards' });
    fireEvent.mouseEnter(region);
    await advance(INTERVAL * 3);
    expect(shownSlide()).toHaveTextContent('Amazon');
    fireEvent.mouseLeave(region);
    await waitForNextSlide();
    expect(shownSlide()).toHaveTextContent('Apple');
  });

  it('pauses while a control has focus, and with the pause button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(<Carousel slides={SLIDES} label="Gift cards" intervalMs={INTERVAL} speedMs={SPEED} />);
    await user.click(screen.getByRole('button', { name: 'Pause slides' }));
    act(() => {
      screen.getByRole('button', { name: 'Play slides' }).blur();
    });
    await advance(INTERVAL * 3);
    expect(shownSlide()).toHaveTextContent('Amazon');
    await user.click(screen.getByRole('button', { name: 'Play slides' }));
    await advance(INTERVAL * 2);
    expect(shownSlide()).toHaveTextContent('Amazon');
  });

  it('goes back from the first slide to the last with Previous, and to any slide with a dot', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    render(<Carousel slides={SLIDES} label="Gift cards" intervalMs={INTERVAL} speedMs={SPEED} />);
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await advance(SPEED);
    expect(shownSlide()).toHaveTextContent('Steam');
    await user.click(screen.getByRole('button', { name: 'Go to slide 2' }));
    await advance(SPEED);
    expect(shownSlide()).toHaveTextContent('Apple');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    await advance(SPEED);
    expect(shownSlide()).toHaveTextContent('Steam');
  });

  it('does not move by itself when reduced motion is asked for', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    render(<Carousel slides={SLIDES} label="Gift cards" intervalMs={INTERVAL} speedMs={SPEED} />);
    await advance(INTERVAL * 3);
    expect(shownSlide()).toHaveTextContent('Amazon');
    expect(screen.getByRole('button', { name: 'Play slides' })).toBeInTheDocument();
  });
});
