import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SendProgress } from './send-progress';

describe('SendProgress', () => {
  it('gives the share sent as a bar and in words', () => {
    render(<SendProgress what="your answer" percent={42.4} />);
    expect(screen.getByRole('progressbar', { name: 'Sending your answer' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByText('Sending your answer: 42%')).toBeInTheDocument();
  });

  it('says it waits for the server once every byte is sent, not that it is done', () => {
    render(<SendProgress what="your documents" percent={100} />);
    expect(screen.getByText('Sent. Waiting for our server to confirm...')).toBeInTheDocument();
    expect(screen.queryByText(/Sending your documents:/)).not.toBeInTheDocument();
  });
});
