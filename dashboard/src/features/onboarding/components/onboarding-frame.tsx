import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand.tsx';
import '../onboarding.css';

const STEPS = ['Business name', 'Niche', 'Address'];

/** The card, brand and "Step n of 3" progress every onboarding step shares. */
export function OnboardingFrame({
  step,
  title,
  intro,
  children,
}: {
  step: 1 | 2 | 3;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <main className="center-screen">
      <div className="center-card center-card--wide">
        <div className="center-brand">
          <Brand />
        </div>
        <div className="card">
          <p className="onboarding-step">
            Step {step} of {STEPS.length}
          </p>
          <ol className="onboarding-progress" aria-label="Onboarding progress">
            {STEPS.map((name, i) => (
              <li
                key={name}
                className={i + 1 < step ? 'is-done' : i + 1 === step ? 'is-current' : undefined}
                aria-current={i + 1 === step ? 'step' : undefined}
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
