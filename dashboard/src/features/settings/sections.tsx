/**
 * Settings' sections, in the order and groups the list shows them (docs/product.md#settings):
 * each one component, at its own address /dashboard/settings/<path>. Adding a section is one
 * line here; the list, the sub-page, the side list and the old #anchor links follow from it.
 */
import type { ComponentType } from 'react';
import { PushSettings } from '../../components/push-settings.tsx';
import { AccountSection } from './components/account-section.tsx';
import { AddressSection } from './components/address-section.tsx';
import { BrandingSection } from './components/branding-section.tsx';
import { BusinessHoursSection } from './components/business-hours-section.tsx';
import { CalendarFeedSection } from './components/calendar-feed-section.tsx';
import { ConfirmationSection } from './components/confirmation-section.tsx';
import { ConnectedCalendarsSection } from './components/connected-calendars-section.tsx';
import { CrewsSection } from './components/crews-section.tsx';
import { CustomerDataSection } from './components/customer-data-section.tsx';
import { InvoicesSection } from './components/invoices-section.tsx';
import { NotificationsSection } from './components/notifications-section.tsx';
import { OperationsSection } from './components/operations-section.tsx';
import { PaymentsSection } from './components/payments-section.tsx';
import { TaxSection } from './components/tax-section.tsx';
import { TimeZoneSection } from './components/time-zone-section.tsx';

export const SETTINGS_PATH = '/dashboard/settings';

export const SETTINGS_GROUPS = ['Business', 'Bookings', 'Messages', 'Account and data'] as const;

export interface SettingsSection {
  /** Its address under /dashboard/settings/. */
  path: string;
  /** The section's own heading, word for word, as the list names it. */
  title: string;
  /** What it holds, under its title in the list: what an owner scans for. */
  hint: string;
  group: (typeof SETTINGS_GROUPS)[number];
  Section: ComponentType;
  /** The ids it had on the one long page (/dashboard/settings#calendars in sent mails, bookmarks). */
  anchors?: string[];
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    path: 'address',
    title: 'Business Address',
    hint: 'Where distances are measured from',
    group: 'Business',
    Section: AddressSection,
  },
  {
    path: 'time-zone',
    title: 'Time Zone',
    hint: 'The zone and clock times show in',
    group: 'Business',
    Section: TimeZoneSection,
  },
  {
    path: 'hours',
    title: 'Business Hours',
    hint: 'When customers can book',
    group: 'Business',
    Section: BusinessHoursSection,
    anchors: ['business-hours'],
  },
  {
    path: 'branding',
    title: 'Booking Button and Branding',
    hint: 'Your colour, logo and button',
    group: 'Business',
    Section: BrandingSection,
    anchors: ['branding'],
  },
  {
    path: 'operations',
    title: 'Operations',
    hint: 'Travel, service area, change cut-off, booking window',
    group: 'Bookings',
    Section: OperationsSection,
  },
  {
    path: 'confirming',
    title: 'Confirming bookings',
    hint: 'You confirm each booking, or they confirm themselves',
    group: 'Bookings',
    Section: ConfirmationSection,
    anchors: ['confirming-bookings'],
  },
  {
    path: 'payments',
    title: 'Payments',
    hint: 'Deposits and refunds through Stripe',
    group: 'Bookings',
    Section: PaymentsSection,
    anchors: ['payments'],
  },
  {
    path: 'sales-tax',
    title: 'Sales Tax',
    hint: 'The tax on your invoices, and what it is charged on',
    group: 'Bookings',
    Section: TaxSection,
  },
  {
    path: 'invoices',
    title: 'Invoices and Tips',
    hint: 'Tips on the pay link, reminders of unpaid invoices',
    group: 'Bookings',
    Section: InvoicesSection,
  },
  {
    path: 'crews',
    title: 'Crews',
    hint: 'Who does the jobs',
    group: 'Bookings',
    Section: CrewsSection,
    anchors: ['crews'],
  },
  {
    path: 'calendars',
    title: 'Connected Calendars',
    hint: 'Your other calendars, kept free of bookings',
    group: 'Bookings',
    Section: ConnectedCalendarsSection,
    anchors: ['calendars'],
  },
  {
    path: 'calendar-feed',
    title: 'Calendar Feed',
    hint: 'Your bookings in your phone’s calendar',
    group: 'Bookings',
    Section: CalendarFeedSection,
  },
  {
    path: 'notifications',
    title: 'Notifications',
    hint: 'Mails, texts, review requests, not delivered',
    group: 'Messages',
    Section: NotificationsSection,
    anchors: ['notifications'],
  },
  {
    path: 'phone-notifications',
    title: 'Notifications on this phone',
    hint: 'Requests, cancellations, payments, running late',
    group: 'Messages',
    Section: () => <PushSettings person="owner" />,
  },
  {
    path: 'account',
    title: 'Account',
    hint: 'E-mail, phone and password',
    group: 'Account and data',
    Section: AccountSection,
  },
  {
    path: 'customer-data',
    title: 'Customer Data',
    hint: 'Privacy notice, retention, export and erasure',
    group: 'Account and data',
    Section: CustomerDataSection,
  },
];

/** The section an old /dashboard/settings#anchor named, if any. */
export function sectionOfAnchor(hash: string): SettingsSection | undefined {
  const anchor = decodeURIComponent(hash.replace(/^#/, ''));
  return anchor ? SETTINGS_SECTIONS.find((s) => s.anchors?.includes(anchor)) : undefined;
}

export function sectionAddress(section: SettingsSection): string {
  return `${SETTINGS_PATH}/${section.path}`;
}
