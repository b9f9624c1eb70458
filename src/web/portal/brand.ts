// Branding colours from the portal's configuration. The server only ever sends #RRGGBB (security 19), and they
// are applied through React style objects, never as CSS text; these helpers still refuse anything else.

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The colour if it is #RRGGBB, else the fallback. */
export function safeColour(value: string | undefined, fallback: string): string {
  return value && HEX.test(value) ? value : fallback;
}

function channel(hex: string, i: number): number {
  const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (WCAG). */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
}

/** Contrast ratio of two colours (WCAG), 1 to 21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white text, whichever reads better on the colour. */
export function textOn(background: string): '#ffffff' | '#111827' {
  return contrast(background, '#ffffff') >= contrast(background, '#111827') ? '#ffffff' : '#111827';
}

/**
 * The brand colour as an accent (links, icons) on a surface: the colour itself when it has 4.5:1 contrast there,
 * else the default text colour of the theme.
 */
export function accentOn(colour: string, surface: string, fallback: string): string {
  return contrast(colour, surface) >= 4.5 ? colour : fallback;
}

function mixWithBlack(hex: string, amount: number): string {
  const out = [0, 1, 2].map((i) => Math.round(parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) * (1 - amount)));
  return `#${out.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A button in the brand colour with readable text (4.5:1): white text on the colour, darkened a little when
 * needed (at most 40%, so the hue stays); a very light colour keeps its shade and gets dark text instead.
 */
export function brandButton(primary: string): { background: string; text: '#ffffff' | '#111827' } {
  for (let amount = 0; amount <= 0.4001; amount += 0.05) {
    const shade = amount === 0 ? primary : mixWithBlack(primary, amount);
    if (contrast(shade, '#ffffff') >= 4.5) return { background: shade, text: '#ffffff' };
  }
  return { background: primary, text: '#111827' };
}
