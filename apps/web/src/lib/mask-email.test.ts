import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('replaces the first four characters with asterisks', () => {
    expect(maskEmail('amaka.obi@example.com')).toBe('****a.obi@example.com');
  });

  it('masks a very short value completely without growing it', () => {
    expect(maskEmail('ab')).toBe('**');
    expect(maskEmail('')).toBe('');
  });
});
