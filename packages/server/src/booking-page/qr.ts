/** The booking page's QR code for flyers and the van (`qrcode`), as SVG and as a 1024 px PNG. */
import { QR_PARAM, QR_VALUE } from '@slotwise/shared/insights';
import QRCode from 'qrcode';

const OPTIONS = { errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } } as const;

/**
 * What a code holds: the page's address with ?via=qr, so the widget counts a visit from a code
 * as `qr` (docs/decisions/029). Codes printed before it count as `page`, and still work.
 */
function qrAddress(pageUrl: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set(QR_PARAM, QR_VALUE);
  return url.href;
}

/** The code of the booking page at `pageUrl` (the page's own address: ?via=qr is added here). */
export function qrSvg(pageUrl: string): Promise<string> {
  return QRCode.toString(qrAddress(pageUrl), { ...OPTIONS, type: 'svg' });
}

export function qrPng(pageUrl: string): Promise<Buffer> {
  return QRCode.toBuffer(qrAddress(pageUrl), { ...OPTIONS, type: 'png', width: 1024 });
}
