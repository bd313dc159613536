import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { headTags } from './head.ts';
import { LandingPage } from './landing-page.tsx';

afterEach(cleanup);

const shot = {
  src: '/assets/dashboard-abc123.webp',
  width: 1280,
  height: 800,
  alt: 'The Slotwise dashboard overview with four stat cards',
  caption: 'Today at a glance.',
};

describe('LandingPage', () => {
  it('has exactly one h1, saying what the product does', () => {
    render(<LandingPage screenshots={[]} year={2026} />);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toMatch(/booked jobs/i);
  });

  it('names the booking page in the hero, for owners without a website', () => {
    render(<LandingPage screenshots={[]} year={2026} />);
    const hero = screen.getByRole('region', { name: /booked jobs/i });
    expect(hero.textContent).toContain('No website? Get a booking page you can share in a minute.');
  });

  it('links to log in and sign up from the header', () => {
    render(<LandingPage screenshots={[]} year={2026} />);
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
    expect(within(header).getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/signup');
    // The hero and the closing call to action both lead to sign-up.
    const main = screen.getByRole('main');
    const signups = within(main)
      .getAllByRole('link')
      .filter((a) => a.getAttribute('href') === '/signup');
    expect(signups.length).toBeGreaterThanOrEqual(2);
  });

  it('lists the six features and marks only distance-based pricing as New', () => {
    render(<LandingPage screenshots={[]} year={2026} />);
    const names = [
      'Quick Integration',
      'Services Setup',
      'Specific Questions',
      'Instant Quotes',
      'Distance-Based Pricing',
      'Smart Scheduling',
    ];
    for (const name of names) expect(screen.getByRole('heading', { level: 3, name: new RegExp(name) })).toBeTruthy();
    const badges = screen.getAllByText('New');
    expect(badges).toHaveLength(1);
    expect(badges[0]?.closest('h3')?.textContent).toBe('Distance-Based PricingNew');
  });

  it('shows the metrics from the spec', () => {
    render(<LandingPage screenshots={[]} year={2026} />);
    const metrics = screen.getByRole('heading', { level: 2, name: /what owners see/i }).closest('section');
    expect(metrics).not.toBeNull();
    const text = metrics?.textContent ?? '';
    expect(text).toContain('85%');
    expect(text).toContain('Quote response time reduction');
    expect(text).toContain('3x');
    expect(text).toContain('Customer satisfaction');
  });

  it('has the landmarks and contact details in the footer', () => {
    render(<LandingPage screenshots={[]} year={2026} />);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'hello@slotwise.app' }).getAttribute('href')).toBe(
      'mailto:hello@slotwise.app',
    );
    expect(
      within(footer)
        .getByRole('link', { name: /555-0142/ })
        .getAttribute('href'),
    ).toMatch(/^tel:\+1/);
    expect(footer.textContent).toContain('© 2026 Slotwise');
  });

  it('draws labelled placeholders until screenshots exist, and never an image without a source', () => {
    const { container } = render(<LandingPage screenshots={[]} year={2026} />);
    expect(container.querySelectorAll('img')).toHaveLength(0);
    expect(screen.getAllByRole('img', { name: /screenshot coming soon/ })).toHaveLength(3);
  });

  it('shows real screenshots lazily, with size and alt text', () => {
    render(<LandingPage screenshots={[shot]} year={2026} />);
    const img = screen.getByRole('img', { name: shot.alt });
    expect(img.getAttribute('src')).toBe(shot.src);
    expect(img.getAttribute('width')).toBe('1280');
    expect(img.getAttribute('height')).toBe('800');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(screen.queryByRole('img', { name: /screenshot coming soon/ })).toBeNull();
  });

  it('renders to static HTML with no script and no event handlers', () => {
    const html = renderToString(<LandingPage screenshots={[shot]} year={2026} />);
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });
});

describe('headTags', () => {
  it('writes the title, description and Open Graph tags, escaped', () => {
    const head = headTags({ origin: 'https://slotwise.example/' });
    expect(head).toMatch(/<title>Slotwise: [^<]+<\/title>/);
    expect(head).toContain('<meta name="description" content="Slotwise gives');
    expect(head).toContain('<meta property="og:title"');
    expect(head).toContain('<meta property="og:description"');
    expect(head).toContain('<meta property="og:image" content="https://slotwise.example/og-image.png" />');
    expect(head).toContain('<link rel="canonical" href="https://slotwise.example/" />');
    expect(head).not.toMatch(/content="[^"]*[<>][^"]*"/);
  });

  it('falls back to a root-relative image without an origin', () => {
    const head = headTags();
    expect(head).toContain('<meta property="og:image" content="/og-image.png" />');
    expect(head).not.toContain('canonical');
  });
});
