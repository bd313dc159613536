import { NICHES, type Niche } from '@slotwise/shared/domain';

/** Readable names for the 11 niches of onboarding step 2 (docs/product.md#onboarding), in the order of NICHES. */
const LABELS: Record<Niche, string> = {
  'car-detailing': 'Car Detailing',
  'roof-cleaning': 'Roof Cleaning',
  'pool-cleaning': 'Pool Cleaning',
  'lawn-care': 'Lawn Care',
  'home-cleaning': 'Home Cleaning',
  painting: 'Painting',
  handyman: 'Handyman',
  'pet-grooming': 'Pet Grooming',
  'junk-removal': 'Junk Removal',
  'pest-control': 'Pest Control',
  other: 'Other',
};

export const NICHE_CHOICES = NICHES.map((value) => ({ value, label: LABELS[value] }));
