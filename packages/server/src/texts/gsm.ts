/**
 * What a text costs (docs/decisions/027): a text is sent in the GSM-7 alphabet when every
 * character is in it (160 characters in one segment, 153 per segment beyond), otherwise as UCS-2
 * (70, then 67). One character outside GSM-7 (a curly quote pasted into a business name) would
 * cut a segment to 70 characters, so every text is made GSM-7 safe before it is queued.
 */

/** GSM 03.38's basic character set. */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Its extension table: each counts as two characters (an escape and itself). */
const EXTENDED = '^{}\\[~]|€\f';

const LOOKALIKES: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '′': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '–': '-',
  '—': '-',
  '−': '-',
  '…': '...',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
  '•': '-',
};

function isGsm(ch: string): boolean {
  return BASIC.includes(ch) || EXTENDED.includes(ch);
}

/**
 * The text in GSM-7: look-alikes replaced (curly quotes, dashes, ellipsis, odd spaces), accents
 * GSM-7 lacks dropped ("Zoë" -> "Zoe"), and anything else (an emoji) left out.
 */
export function gsmSafe(text: string): string {
  let out = '';
  for (const ch of text) {
    if (isGsm(ch)) out += ch;
    else if (LOOKALIKES[ch] !== undefined) out += LOOKALIKES[ch];
    else {
      const plain = ch.normalize('NFD').replace(/\p{M}/gu, '');
      if ([...plain].every(isGsm)) out += plain;
    }
  }
  return out;
}

export interface TextLength {
  /** Characters as the network counts them (an extension character counts two in GSM-7). */
  characters: number;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
}

export function textLength(text: string): TextLength {
  const chars = [...text];
  if (chars.every(isGsm)) {
    const characters = chars.reduce((n, ch) => n + (EXTENDED.includes(ch) ? 2 : 1), 0);
    return { characters, segments: characters <= 160 ? 1 : Math.ceil(characters / 153), encoding: 'GSM-7' };
  }
  // UCS-2 counts UTF-16 code units.
  const characters = text.length;
  return { characters, segments: characters <= 70 ? 1 : Math.ceil(characters / 67), encoding: 'UCS-2' };
}
