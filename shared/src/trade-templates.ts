/**
 * Sensible starting services, price-changing questions and add-ons for each trade, so
 * a new owner has a working quote the minute onboarding ends. Prices in dollars
 * (the owner edits or deletes all of it). "other" gets none.
 */
import type { AddOnInput, QuoteQuestionInput } from './api.ts';
import type { Niche } from './domain.ts';
import type { PlanFrequency } from './plans.ts';

/** A frequency a template service is offered at as a plan, with its discount (a whole percent off, or none). */
export interface TemplatePlan {
  frequency: PlanFrequency;
  discount: { kind: 'percent'; percent: number } | null;
}

export interface TradeTemplate {
  services: { serviceName: string; duration: number; price: number; plans?: TemplatePlan[]; addOns?: AddOnInput[] }[];
  /** Asked for every service, in order (docs/decisions/026). */
  questions: QuoteQuestionInput[];
  /**
   * What the business serves for a client, when the trade has such a thing (a vehicle, a pool, a
   * lawn, a pet): its word, and the questions (of `questions`, by their text) whose answers
   * describe it. A booking answering them adds the thing to its client (docs/decisions/037).
   */
  thing?: { noun: string; describedBy: string[] };
  /**
   * The job steps every service of the trade starts with (docs/decisions/050): the crew's
   * checklist on the job. Not the owner's first-day onboarding checklist.
   */
  steps: string[];
}

export const TRADE_TEMPLATES: Record<Exclude<Niche, 'other'>, TradeTemplate> = {
  'car-detailing': {
    steps: [
      'Pre-rinse',
      'Wheels and tires',
      'Hand wash',
      'Dry',
      'Interior vacuum',
      'Windows',
      'Final walk-around with customer',
    ],
    services: [
      { serviceName: 'Exterior Wash & Wax', duration: 60, price: 59 },
      {
        serviceName: 'Interior Detail',
        duration: 90,
        price: 99,
        addOns: [{ name: 'Pet hair removal', price: 30, extraMinutes: 30 }],
      },
      {
        serviceName: 'Full Detail',
        duration: 180,
        price: 199,
        addOns: [
          { name: 'Pet hair removal', price: 30, extraMinutes: 30 },
          { name: 'Headlight restoration', price: 45, extraMinutes: 30 },
          { name: 'Engine bay cleaning', price: 25, extraMinutes: 20 },
        ],
      },
    ],
    thing: { noun: 'Vehicle', describedBy: ['What size is your vehicle?'] },
    questions: [
      {
        question: 'What size is your vehicle?',
        type: 'dropdown',
        options: [
          { text: 'Sedan / Coupe', value: 0 },
          { text: 'SUV / Crossover', value: 25, extraMinutes: 30 },
          { text: 'Truck / Van', value: 40, extraMinutes: 45 },
        ],
      },
      // Optional: a customer unsure of it still gets a quote, and an embed that sends the single
      // `answer` (the vehicle size) still books (docs/decisions/026).
      {
        question: 'What condition is it in?',
        type: 'dropdown',
        required: false,
        options: [
          { text: 'Well kept', value: 0 },
          { text: 'Average', value: 20 },
          { text: 'Needs a lot of work', value: 50, extraMinutes: 60 },
        ],
      },
    ],
  },
  'roof-cleaning': {
    steps: [
      'Walk the roof and note damage',
      'Protect plants and cover vents',
      'Soft wash applied',
      'Gutters and downspouts cleared',
      'Rinse down walls and walkways',
      'Final photos with customer',
    ],
    services: [
      { serviceName: 'Roof Soft Wash', duration: 180, price: 349 },
      { serviceName: 'Gutter Cleaning', duration: 90, price: 149 },
    ],
    questions: [
      {
        question: 'How many stories is the building?',
        type: 'dropdown',
        options: [
          { text: '1 story', value: 0 },
          { text: '2 stories', value: 100 },
          { text: '3 or more stories', value: 200 },
        ],
      },
    ],
  },
  'pool-cleaning': {
    steps: [
      'Skim the surface',
      'Brush walls and steps',
      'Vacuum the floor',
      'Empty skimmer and pump baskets',
      'Test and balance the water',
      'Check the filter pressure',
    ],
    services: [
      {
        serviceName: 'Pool Cleaning Visit',
        duration: 45,
        price: 65,
        plans: [{ frequency: 'weekly', discount: { kind: 'percent', percent: 10 } }],
      },
      { serviceName: 'Green Pool Recovery', duration: 180, price: 249 },
    ],
    thing: { noun: 'Pool', describedBy: ['How big is your pool?', 'Is there a spa or hot tub?'] },
    questions: [
      {
        question: 'How big is your pool?',
        type: 'dropdown',
        options: [
          { text: 'Small (under 15,000 gallons)', value: 0 },
          { text: 'Medium (15,000-25,000 gallons)', value: 20 },
          { text: 'Large (over 25,000 gallons)', value: 45 },
        ],
      },
      { question: 'Is there a spa or hot tub?', type: 'yes_no', rate: 15, required: false },
    ],
  },
  'lawn-care': {
    steps: ['Clear sticks and debris', 'Mow', 'Trim edges', 'Blow off paths and driveway', 'Close the gate'],
    services: [
      {
        serviceName: 'Mow, Edge & Blow',
        duration: 60,
        price: 35,
        plans: [
          { frequency: 'weekly', discount: { kind: 'percent', percent: 10 } },
          { frequency: 'every_2_weeks', discount: { kind: 'percent', percent: 5 } },
        ],
      },
      { serviceName: 'Leaf Cleanup', duration: 120, price: 95 },
    ],
    thing: { noun: 'Lawn', describedBy: ['Lawn area'] },
    questions: [
      { question: 'Lawn area', type: 'rate', rate: 6, unit: 'per 1,000 sq ft', minQuantity: 1, maxQuantity: 200 },
    ],
  },
  'home-cleaning': {
    steps: [
      'Kitchen counters and sink',
      'Bathrooms',
      'Dust surfaces',
      'Vacuum floors',
      'Mop hard floors',
      'Empty trash',
      'Final walk-through',
    ],
    services: [
      {
        serviceName: 'Standard Clean',
        duration: 120,
        price: 119,
        plans: [
          { frequency: 'every_2_weeks', discount: { kind: 'percent', percent: 15 } },
          { frequency: 'every_4_weeks', discount: { kind: 'percent', percent: 10 } },
        ],
      },
      { serviceName: 'Deep Clean', duration: 240, price: 229 },
      { serviceName: 'Move-out Clean', duration: 300, price: 299 },
    ],
    questions: [
      {
        question: 'How many bedrooms?',
        type: 'dropdown',
        options: [
          { text: '1 bedroom', value: 0 },
          { text: '2 bedrooms', value: 30 },
          { text: '3 bedrooms', value: 60 },
          { text: '4 or more bedrooms', value: 95 },
        ],
      },
    ],
  },
  painting: {
    steps: [
      'Cover floors and furniture',
      'Tape edges',
      'Patch and sand',
      'Prime',
      'Paint',
      'Clean up and remove tape',
      'Walk-through with customer',
    ],
    services: [
      { serviceName: 'Interior Painting', duration: 480, price: 150 },
      { serviceName: 'Exterior Touch-up', duration: 240, price: 299 },
    ],
    questions: [{ question: 'How many rooms?', type: 'rate', rate: 275 }],
  },
  handyman: {
    steps: [
      'Confirm the job list with customer',
      'Protect the work area',
      'Do the work',
      'Test the fix',
      'Clean up',
      'Walk-through with customer',
    ],
    services: [
      { serviceName: 'Small Repair (1 hour)', duration: 60, price: 85 },
      { serviceName: 'Furniture Assembly', duration: 120, price: 119 },
      { serviceName: 'TV Mounting', duration: 90, price: 129 },
    ],
    questions: [{ question: 'Extra hours you expect the job to need', type: 'rate', rate: 75 }],
  },
  'pet-grooming': {
    steps: ['Check coat and skin', 'Brush out', 'Bath', 'Dry', 'Trim and style', 'Nails', 'Ears'],
    services: [
      { serviceName: 'Bath & Brush', duration: 60, price: 55 },
      { serviceName: 'Full Groom', duration: 120, price: 85 },
      { serviceName: 'Nail Trim', duration: 15, price: 20 },
    ],
    thing: { noun: 'Pet', describedBy: ['How big is your pet?'] },
    questions: [
      {
        question: 'How big is your pet?',
        type: 'dropdown',
        options: [
          { text: 'Small (under 20 lb)', value: 0 },
          { text: 'Medium (20-50 lb)', value: 15 },
          { text: 'Large (50-90 lb)', value: 30 },
          { text: 'Giant (over 90 lb)', value: 45 },
        ],
      },
    ],
  },
  'junk-removal': {
    steps: [
      'Confirm the items with customer',
      'Load the truck',
      'Sweep the area',
      'Photo of the cleared space',
      'Take payment',
    ],
    services: [
      { serviceName: 'Single Item Pickup', duration: 30, price: 89 },
      { serviceName: 'Half Truck Load', duration: 90, price: 249 },
      { serviceName: 'Full Truck Load', duration: 150, price: 449 },
    ],
    questions: [
      {
        question: 'Are there stairs to carry items down?',
        type: 'dropdown',
        options: [
          { text: 'No stairs', value: 0 },
          { text: 'One flight', value: 25 },
          { text: 'Two or more flights', value: 50 },
        ],
      },
    ],
  },
  'pest-control': {
    steps: [
      'Inspect inside and out',
      'Treat the perimeter',
      'Treat the inside',
      'Set or check bait stations',
      'Tell customer the re-entry time',
    ],
    services: [
      { serviceName: 'General Pest Treatment', duration: 60, price: 129 },
      { serviceName: 'Termite Inspection', duration: 60, price: 99 },
      { serviceName: 'Rodent Control', duration: 90, price: 189 },
    ],
    questions: [
      {
        question: 'How large is the home?',
        type: 'dropdown',
        options: [
          { text: 'Under 1,500 sq ft', value: 0 },
          { text: '1,500-3,000 sq ft', value: 40 },
          { text: 'Over 3,000 sq ft', value: 80 },
        ],
      },
    ],
  },
};

/** The job steps a niche's template suggests (docs/decisions/050); none for "other" and free-text niches. */
export function templateSteps(niche: string | null): string[] {
  return (niche && templateFor(niche)?.steps) || [];
}

/** The template of a niche, or null for "other" and free-text niches. */
export function templateFor(niche: string): TradeTemplate | null {
  return (TRADE_TEMPLATES as Record<string, TradeTemplate>)[niche] ?? null;
}
