import { describe, expect, it } from 'vitest';
import { directionsLink } from './contact-links.ts';

describe('contact links', () => {
  it('gives directions to the address, encoded', () => {
    expect(directionsLink(' 500 E 5th St, Austin, TX 78701 ')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=500%20E%205th%20St%2C%20Austin%2C%20TX%2078701',
    );
    expect(directionsLink('1 Rue & Co #2')).toContain('1%20Rue%20%26%20Co%20%232');
  });
});
