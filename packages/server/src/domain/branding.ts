/**
 * A business's look (issue 22, item 6; decision 020): what the widget, the booking page and the
 * customer pages show, from the business row and its logo; and what a logo may be.
 */
import { createHash } from 'node:crypto';
import type { Branding, Launcher } from '@slotwise/shared/api';
import { LOGO_MAX_BYTES } from '@slotwise/shared/api';
import { brandColours } from '@slotwise/shared/brand';
import { AppError } from '../errors.ts';
import type { Business } from '../repositories/businesses.ts';
import type { LogoRow } from '../repositories/logos.ts';
import { imageTypeOf } from './image-type.ts';

type LogoType = LogoRow['content_type'];
const EXTENSIONS: Record<LogoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

const LOGO_INVALID = 'Choose a PNG, JPEG or WebP image of at most 40 KB for the logo.';

/** A logo upload checked: its bytes' type, its size. Refused with LOGO_INVALID. */
export function checkLogo(base64: string, businessId: string, now: number): LogoRow {
  const bytes = Buffer.from(base64, 'base64');
  const type = imageTypeOf(bytes);
  if (!type || bytes.length === 0 || bytes.length > LOGO_MAX_BYTES) throw new AppError('LOGO_INVALID', LOGO_INVALID);
  return {
    business_id: businessId,
    content_type: type,
    data_base64: bytes.toString('base64'),
    hash: createHash('sha256').update(bytes).digest('hex').slice(0, 16),
    updated_at: now,
  };
}

/** /media/logos/{business}-{hash}.{ext}: a new image is a new URL, so caches may keep one for good. */
function logoPath(logo: Pick<LogoRow, 'business_id' | 'hash' | 'content_type'>): string {
  return `/media/logos/${logo.business_id}-${logo.hash}.${EXTENSIONS[logo.content_type]}`;
}

type BrandFields = Pick<Business, 'accent_color' | 'button_text' | 'button_position' | 'report_problem'>;

export function brandingOf(b: BrandFields, logo: LogoRow | undefined, publicUrl: string): Branding {
  const colours = brandColours(b.accent_color);
  return {
    accentColor: colours.accent,
    onAccent: colours.onAccent,
    accentInk: colours.ink,
    buttonText: b.button_text,
    buttonPosition: b.button_position,
    reportProblem: b.report_problem === 1,
    logoUrl: logo ? `${publicUrl}${logoPath(logo)}` : null,
  };
}

/** What the loader needs of brandingOf, before it shows the button. */
export function launcherOf(b: BrandFields): Launcher {
  const { buttonText, buttonPosition, accentColor, onAccent } = brandingOf(b, undefined, '');
  return { buttonText, buttonPosition, accentColor, onAccent };
}
