/**
 * The marketing page at `/`. Rendered once to static HTML at build time
 * (landing/scripts/postbuild.ts), so it must stay free of state, effects and
 * event handlers: nothing here ever runs in the browser.
 */
import type { ReactNode } from 'react';
import {
  CONTACT,
  FEATURES,
  type FeatureIcon,
  METRICS,
  NICHES,
  PLANNED_SHOTS,
  PRODUCT,
  type Screenshot,
  STEPS,
} from './content.ts';

export interface LandingPageProps {
  /** Real product screenshots; placeholders are drawn when there are none. */
  screenshots: readonly Screenshot[];
  year: number;
}

export function LandingPage({ screenshots, year }: LandingPageProps) {
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">
        <Hero />
        <Features />
        <Metrics />
        <Screenshots shots={screenshots} />
        <ClosingCta />
      </main>
      <SiteFooter year={year} />
    </>
  );
}

function Logo() {
  return (
    <svg className="logo" width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <rect x="7" y="9" width="18" height="16" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M7 14h18M12 6.5v5M20 6.5v5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="m12.5 19.5 2.5 2.5 4.5-4.5" fill="none" stroke="#fcd34d" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

function SiteHeader() {
  return (
    <header className="site-header">
      <div className="wrap header-row">
        <a className="brand" href="/" aria-label={`${PRODUCT} home`}>
          <Logo />
          <span>{PRODUCT}</span>
        </a>
        <nav aria-label="Account">
          <ul className="nav-list">
            <li>
              <a className="nav-link" href="/login">
                Log In
              </a>
            </li>
            <li>
              <a className="btn btn-primary btn-small" href="/signup">
                Sign Up
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="wrap hero-grid">
        <div className="hero-copy">
          <p className="eyebrow">Quotes and bookings for local service businesses</p>
          <h1 id="hero-title">Turn website visitors into booked jobs, with a price in seconds</h1>
          <p className="lead">
            {PRODUCT} gives every customer an instant quote worked out from your services, their answers and the miles
            to their door, then lets them book a free slot in your calendar. Add it to your website with one script tag.
          </p>
          <p className="no-website">
            <strong>No website?</strong> Get a booking page you can share in a minute.
          </p>
          <div className="cta-row">
            <a className="btn btn-primary btn-large" href="/signup">
              Sign Up free
            </a>
            <a className="btn btn-ghost btn-large" href="#features">
              See the features
            </a>
          </div>
          <p className="niche-intro">Made for</p>
          <ul className="niches">
            {NICHES.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </div>
        <QuoteCard />
      </div>
    </section>
  );
}

/** A drawn example of the customer's quote, in HTML so it is crisp and costs no image request. */
function QuoteCard() {
  return (
    <figure className="quote-card">
      <div className="qc-top">
        <span className="qc-avatar" aria-hidden="true">
          SC
        </span>
        <div>
          <p className="qc-name">Shiny Cars Detailing</p>
          <p className="qc-sub">Your instant quote</p>
        </div>
      </div>
      <dl className="qc-lines">
        <div>
          <dt>Full Detail</dt>
          <dd>$129.00</dd>
        </div>
        <div>
          <dt>Vehicle: SUV</dt>
          <dd>+$30.00</dd>
        </div>
        <div>
          <dt>Travel: 8.2 mi × $1.50</dt>
          <dd>+$12.30</dd>
        </div>
        <div className="qc-total">
          <dt>Total</dt>
          <dd>$171.30</dd>
        </div>
      </dl>
      <p className="qc-label">Tuesday, free slots</p>
      <ul className="qc-slots">
        <li>9:00</li>
        <li className="is-picked">10:30</li>
        <li>13:00</li>
        <li className="is-taken">
          <s>15:30</s>
        </li>
      </ul>
      <p className="qc-book">Book Tuesday at 10:30</p>
      <figcaption>What your customers see: a clear price and a free time, without a phone call.</figcaption>
    </figure>
  );
}

const ICONS: Record<FeatureIcon, ReactNode> = {
  code: <path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />,
  list: <path d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />,
  question: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
    </>
  ),
  bolt: <path d="M13 3 5 13.5h6L10 21l8-10.5h-6z" />,
  pin: (
    <>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4M9 15l2 2 4-4" />
    </>
  ),
};

function Features() {
  return (
    <section id="features" className="section" aria-labelledby="features-title">
      <div className="wrap">
        <p className="eyebrow">Features</p>
        <h2 id="features-title">Everything you need to quote and book jobs online</h2>
        <ul className="feature-grid">
          {FEATURES.map((f) => (
            <li key={f.title} className="feature">
              <svg
                className="feature-icon"
                width="24"
                height="24"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
                focusable="false"
              >
                {ICONS[f.icon]}
              </svg>
              <h3>
                {f.title}
                {f.isNew ? <span className="badge-new">New</span> : null}
              </h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
        <ol className="steps" aria-label="How to start">
          {STEPS.map((s, i) => (
            <li key={s.title}>
              <span className="step-no" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <p className="step-title">{s.title}</p>
                <p>{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Metrics() {
  return (
    <section className="section metrics" aria-labelledby="metrics-title">
      <div className="wrap">
        <h2 id="metrics-title">What owners see after switching</h2>
        <ul className="metric-grid">
          {METRICS.map((m) => (
            <li key={m.label} className="metric">
              <p className="metric-value">{m.value}</p>
              <p className="metric-label">{m.label}</p>
              <p>{m.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Screenshots({ shots }: { shots: readonly Screenshot[] }) {
  return (
    <section id="screenshots" className="section" aria-labelledby="screenshots-title">
      <div className="wrap">
        <p className="eyebrow">The product</p>
        <h2 id="screenshots-title">See it in action</h2>
        <div className={shots.length > 0 ? 'shot-grid' : 'shot-grid is-planned'}>
          {shots.length > 0
            ? shots.map((s) => (
                <figure key={s.src} className="shot">
                  <img src={s.src} width={s.width} height={s.height} alt={s.alt} loading="lazy" decoding="async" />
                  <figcaption>{s.caption}</figcaption>
                </figure>
              ))
            : PLANNED_SHOTS.map((p) => (
                <figure key={p.label} className="shot">
                  <div className="shot-placeholder" role="img" aria-label={`${p.label}: screenshot coming soon`}>
                    <span className="ph-bar" />
                    <span className="ph-line w60" />
                    <span className="ph-line w80" />
                    <span className="ph-line w40" />
                  </div>
                  <figcaption>{p.caption}</figcaption>
                </figure>
              ))}
        </div>
      </div>
    </section>
  );
}

function ClosingCta() {
  return (
    <section className="section closing" aria-labelledby="closing-title">
      <div className="wrap">
        <div className="closing-box">
          <h2 id="closing-title">Stop playing phone tag for every quote</h2>
          <p>Set up your services in minutes and let customers price and book jobs while you work.</p>
          <div className="cta-row">
            <a className="btn btn-light btn-large" href="/signup">
              Create your free account
            </a>
            <a className="link-light" href="/login">
              Already a customer? Log in
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="site-footer">
      <div className="wrap footer-grid">
        <div>
          <p className="brand brand-footer">
            <Logo />
            <span>{PRODUCT}</span>
          </p>
          <p>Instant quotes and online booking for local service businesses.</p>
        </div>
        <address>
          <p className="footer-title">Contact us</p>
          <p>
            <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>
          </p>
          <p>
            <a href={CONTACT.phoneHref}>{CONTACT.phoneDisplay}</a>
          </p>
          <p>
            {CONTACT.street}
            <br />
            {CONTACT.city}
            <br />
            {CONTACT.country}
          </p>
        </address>
        <nav aria-label="Footer">
          <p className="footer-title">Account</p>
          <ul>
            <li>
              <a href="/login">Log In</a>
            </li>
            <li>
              <a href="/signup">Sign Up</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="wrap copyright">
        © {year} {PRODUCT}. All rights reserved.
      </p>
    </footer>
  );
}
