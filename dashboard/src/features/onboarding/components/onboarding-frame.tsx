import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand.tsx';
import '../onboarding.css';

const STEPS = ['Business name', 'Niche', 'Address'];

/**
 * The card, brand and "Step n of 3" progress every onboarding step shares; `done` is the screen
 * after the last step (the booking page is live), with every step marked done.
 */
export function OnboardingFrame({
  step,
  title,
  intro,
  children,
}: {
  step: 1 | 2 | 3 | 'done';
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const at = step === 'done' ? STEPS.length + 1 : step;
  return (
    <main className="center-screen">
      <div className="center-card center-card--wide">
        <div className="center-brand">
          <Brand />
        </div>
        <div className="card">
          <p className="onboarding-step">{step === 'done' ? 'Set-up done' : `Step ${step} of ${STEPS.length}`}</p>
          <ol className="onboarding-progress" aria-label="Onboarding progress">
            {STEPS.map((name, i) => (
              <li
                key={name}
                className={i + 1 < at ? 'is-done' : i + 1 === at ? 'is-current' : undefined}
                aria-current={i + 1 === at ? 'step' : undefined}
              >
                <span className="visually-hidden">{name}</span>
              </li>
            ))}
          </ol>
          <h1>{title}</h1>
          <p className="muted">{intro}</p>
          {children}
        </div>
      </div>
    </main>
  );
}
