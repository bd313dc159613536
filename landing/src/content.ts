/**
 * The words of the landing page, kept apart from the markup so the copy can be
 * read and changed in one place. The two metrics are fixed marketing figures
 * (docs/product.md#the-landing-page-and-the-demo).
 */

export const PRODUCT = 'Slotwise';

export const META = {
  title: 'Slotwise: instant quotes and online booking for local service businesses',
  description:
    'Slotwise gives car detailers, pool and roof cleaners, lawn care pros, cleaners, painters, handymen and other local services instant quotes, online booking and distance-based pricing, with one script tag on your website.',
};

export const NICHES = [
  'Car detailers',
  'Roof and pool cleaners',
  'Lawn care',
  'Cleaners',
  'Painters',
  'Handymen',
  'Groomers',
  'Junk removal',
  'Pest control',
] as const;

export type FeatureIcon = 'code' | 'list' | 'question' | 'bolt' | 'pin' | 'calendar';

export interface Feature {
  title: string;
  text: string;
  icon: FeatureIcon;
  isNew?: boolean;
}

export const FEATURES: readonly Feature[] = [
  {
    title: 'Quick Integration',
    icon: 'code',
    text: 'Paste one script tag into your website and a booking pop-up is live. Works with WordPress, Wix, Squarespace or plain HTML.',
  },
  {
    title: 'Services Setup',
    icon: 'list',
    text: 'List your services with a duration and a price. Change them any time and your pop-up shows the new ones at once.',
  },
  {
    title: 'Specific Questions',
    icon: 'question',
    text: 'Ask the one question that changes your price, like vehicle size or number of rooms, as a list of options or a rate per unit.',
  },
  {
    title: 'Instant Quotes',
    icon: 'bolt',
    text: 'Customers see an itemised price in seconds, worked out from your own rules. No more “call us for a quote”.',
  },
  {
    title: 'Distance-Based Pricing',
    icon: 'pin',
    isNew: true,
    text: 'Charge per mile from your base to the customer’s address. The travel cost is added to every quote automatically.',
  },
  {
    title: 'Smart Scheduling',
    icon: 'calendar',
    text: 'Only free slots inside your business hours are offered. No double bookings, your breaks respected, approve with one click.',
  },
];

export interface Metric {
  value: string;
  label: string;
  text: string;
}

export const METRICS: readonly Metric[] = [
  {
    value: '85%',
    label: 'Quote response time reduction',
    text: 'Prices go out the moment a customer asks, not when you get back to the phone.',
  },
  {
    value: '3x',
    label: 'Customer satisfaction',
    text: 'Customers get a clear price and pick a time that suits them, day or night.',
  },
];

export const STEPS = [
  { title: 'Sign up and tell us your trade', text: 'Name, niche and address: three short steps.' },
  { title: 'Add services and prices', text: 'Durations, prices, one pricing question, a rate per mile.' },
  { title: 'Paste the script tag', text: 'Customers get quotes and book from your own site.' },
] as const;

export const CONTACT = {
  email: 'hello@slotwise.app',
  phoneDisplay: '+1 (512) 555-0142',
  phoneHref: 'tel:+15125550142',
  street: '401 Congress Avenue, Suite 1540',
  city: 'Austin, TX 78701',
  country: 'United States',
};

/** What the screenshots section shows; the images come from `npm run screenshots`. */
export interface Screenshot {
  /** Hashed URL under /assets/, filled in at build time. */
  src: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
}

/** Shown as drawn placeholders until real screenshots exist, so no image is ever broken. */
export const PLANNED_SHOTS = [
  { caption: 'Today at a glance: bookings, pending approvals and revenue.', label: 'The dashboard overview' },
  { caption: 'The pop-up your customers see: a quote, then a free slot.', label: 'The booking pop-up' },
  { caption: 'Services, your pricing question and the rate per mile.', label: 'The services page' },
] as const;
