/** Deepest nesting of objects and arrays a JSON body may have (no route of ours takes more than a few levels). */
export const MAX_JSON_DEPTH = 64;

export const jsonBodyMessages = {
  nul: 'The request holds a NUL character, which no field accepts.',
  depth: `The request is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`,
  surrogate: 'The request holds text that is not valid Unicode (a lone surrogate).',
  number: 'The request holds a number too large to read.',
} as const;

const isHex4 = (text: string, at: number) => /^[0-9a-fA-F]{4}$/.test(text.slice(at, at + 4));
const hexAt = (text: string, at: number) => (isHex4(text, at) ? parseInt(text.slice(at, at + 4), 16) : -1);
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * Reads a string literal from its opening quote; returns the index after its closing quote, or the problem: a NUL
 * (PostgreSQL cannot store one in text) or a `\uD800`-style escape without its other half (PostgreSQL refuses it in
 * json, and it is no character). The body was decoded from UTF-8, so an unescaped lone surrogate cannot occur.
 */
function scanString(text: string, start: number): number | keyof typeof jsonBodyMessages {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c === 0) return 'nul';
    if (c !== 0x5c) {
      i += 1;
      continue;
    }
    if (text.charCodeAt(i + 1) !== 0x75) {
      i += 2;
      continue;
    }
    const code = hexAt(text, i + 2);
    if (code === 0) return 'nul';
    if (isLow(code)) return 'surrogate';
    if (!isHigh(code)) {
      i += 6;
      continue;
    }
    const pairs = text.charCodeAt(i + 6) === 0x5c && text.charCodeAt(i + 7) === 0x75 && isLow(hexAt(text, i + 8));
    if (!pairs) return 'surrogate';
    i += 12;
  }
  return i;
}

const NUMBER_CHAR = /[0-9eE+\-.]/;

/**
 * What makes a JSON body unfit for any route, found in one pass before it is parsed: nesting deeper than
 * MAX_JSON_DEPTH (10,000 levels parse, then overflow the stack of whatever walks them: a 500), a NUL, a lone
 * surrogate, or a number beyond the double range (`1e999999` parses to Infinity and is written as null). Null when
 * the body is fine (a syntax error is left to the parser, which answers 400 itself).
 */
export function jsonBodyProblem(text: string, maxDepth = MAX_JSON_DEPTH): keyof typeof jsonBodyMessages | null {
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const next = scanString(text, i);
      if (typeof next === 'string') return next;
      i = next;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > maxDepth) return 'depth';
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
    else if (c === 0) return 'nul';
    else if ((c >= 0x30 && c <= 0x39) || c === 0x2d) {
      let end = i + 1;
      while (end < text.length && NUMBER_CHAR.test(text[end]!)) end += 1;
      if (!Number.isFinite(Number(text.slice(i, end)))) return 'number';
      i = end;
      continue;
    }
    i += 1;
  }
  return null;
}
