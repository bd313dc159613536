import { useScrollToHash } from '../../../lib/use-scroll-to-hash.ts';
import '../settings.css';
import { AccountSection } from './account-section.tsx';
import { AddressSection } from './address-section.tsx';
import { BrandingSection } from './branding-section.tsx';
import { BusinessHoursSection } from './business-hours-section.tsx';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { ConfirmationSection } from './confirmation-section.tsx';
import { ConnectedCalendarsSection } from './connected-calendars-section.tsx';
import { CrewsSection } from './crews-section.tsx';
import { CustomerDataSection } from './customer-data-section.tsx';
import { NotificationsSection } from './notifications-section.tsx';
import { OperationsSection } from './operations-section.tsx';
import { PaymentsSection } from './payments-section.tsx';
import { TimeZoneSection } from './time-zone-section.tsx';

export function SettingsPage() {
  useScrollToHash();
  return (
    <div className="settings-page">
      <div className="page-head">
        <h1>Settings</h1>
      </div>
      <AddressSection />
      <TimeZoneSection />
      <BrandingSection />
      <BusinessHoursSection />
      <CrewsSection />
      <OperationsSection />
      <ConfirmationSection />
      <PaymentsSection />
      <NotificationsSection />
      <CalendarFeedSection />
      <ConnectedCalendarsSection />
      <CustomerDataSection />
      <AccountSection />
    </div>
  );
}
