import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import '../services.css';
import { BookingPageSection } from './booking-page-section.tsx';
import { DistancePricingSection } from './distance-pricing-section.tsx';
import { EmbedCodeSection } from './embed-code-section.tsx';
import { QuoteQuestionsSection } from './quote-questions-section.tsx';
import { ServicesListSection } from './services-list-section.tsx';

export function ServicesPage() {
  useScrollToHash();
  return (
    <div className="services-page">
      <div className="page-head">
        <h1>Services</h1>
      </div>
      <BookingPageSection />
      <EmbedCodeSection />
      <QuoteQuestionsSection />
      <ServicesListSection />
      <DistancePricingSection />
    </div>
  );
}
