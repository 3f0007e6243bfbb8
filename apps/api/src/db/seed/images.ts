import sharp from 'sharp';
import type { Storage } from '../../plugins/storage.ts';
import type { Pictogram } from './data/categories.ts';
import type { SeedPartner } from './data/content.ts';
import { pictogram } from './pictograms.ts';

/**
 * Demo pictures drawn as SVG and encoded to WebP with sharp: product cards, category tiles and
 * banners, shop logos and banners, partner logos and blog cards. Text uses the system's sans-serif
 * (DejaVu or Noto); with no fonts installed the shapes still render.
 */

const FONT = 'DejaVu Sans, Noto Sans, Liberation Sans, Arial, sans-serif';
const INK = '#1f2937';

export interface ImageJob {
  key: string;
  width: number;
  height: number;
  svg: () => string;
}

/** Renders the jobs whose files are not stored yet, a few at a time. Returns how many were drawn. */
export async function renderImages(storage: Storage, jobs: ImageJob[], concurrency = 4): Promise<number> {
  let next = 0;
  let drawn = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      if (await storage.exists(job.key)) continue;
      // The SVG declares its own pixel size; effort 0 keeps encoding cheap (files stay small: flat art).
      const bytes = await sharp(Buffer.from(job.svg())).webp({ quality: 82, effort: 0 }).toBuffer();
      await storage.put(job.key, bytes, 'image/webp');
      drawn++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return drawn;
}

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Approximate rendered width of text in a sans-serif face, to wrap and fit without measuring. */
export function textWidth(text: string, size: number, bold = true): number {
  // Calibrated on DejaVu Sans Bold (the widest of the usual fallbacks).
  let units = 0;
  for (const char of text) {
    if (char === ' ') units += 0.35;
    else if ("il.,:;'|!I1()/-".includes(char)) units += 0.4;
    else if ('mwMW'.includes(char)) units += 1.0;
    else if (/[A-Z]/.test(char)) units += 0.76;
    else if (/[0-9]/.test(char)) units += 0.7;
    else units += 0.66;
  }
  return units * size * (bold ? 1 : 0.92);
}

/** Greedy word wrap into at most maxLines lines (the last one ellipsized when the text is longer). */
export function wrapText(text: string, size: number, maxWidth: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, size) <= maxWidth || !current) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1]} ${lines.slice(maxLines).join(' ')}`;
  while (textWidth(`${last}…`, size) > maxWidth && last.includes(' ')) last = last.slice(0, last.lastIndexOf(' '));
  kept[maxLines - 1] = `${last}…`;
  return kept;
}

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map((channel) =>
    Math.round(amount >= 0 ? channel + (255 - channel) * amount : channel * (1 + amount)),
  );
  return `#${channels.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  return lines
    .map(
      (line, index) =>
        `<text x="${x}" y="${y + index * lineHeight}" font-family="${FONT}" font-size="${size}" ${attrs}>${escapeXml(line)}</text>`,
    )
    .join('');
}

export interface ProductArt {
  name: string;
  brand: string | null;
  categoryName: string;
  colour: string;
  pictogram: Pictogram;
  /** Option names shown on the detail views. */
  options: string[];
}

/**
 * A product picture. View 0 is the card picture (pale background, pictogram, name), view 1 a bold
 * colour variant, view 2 a spec card listing the options.
 */
export function productSvg(art: ProductArt, view: 0 | 1 | 2 = 0): string {
  const palette = { main: art.colour, dark: INK, light: shade(art.colour, 0.78) };
  const brand = (art.brand ?? 'Generic').toUpperCase();
  const chipWidth = Math.min(330, textWidth(brand, 18) + 34);
  let size = 32;
  let lines = wrapText(art.name, size, 540, 3);
  if (lines.length === 3 && lines[2]!.endsWith('…')) {
    size = 27;
    lines = wrapText(art.name, size, 540, 3);
  }
  const lineHeight = size * 1.22;
  const categoryLabel = `<text x="576" y="52" font-family="${FONT}" font-size="16" font-weight="700" letter-spacing="2" fill="${shade(art.colour, -0.25)}" text-anchor="end">${escapeXml(art.categoryName)}</text>`;
  const chip = `<rect x="24" y="28" width="${chipWidth}" height="38" rx="19" fill="${art.colour}"/>
    <text x="${24 + chipWidth / 2}" y="53" font-family="${FONT}" font-size="18" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(brand)}</text>`;

  if (view === 1) {
    const top = 468 - ((lines.length - 1) * lineHeight) / 2;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
      <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(art.colour, 0.1)}"/><stop offset="1" stop-color="${shade(art.colour, -0.35)}"/></linearGradient></defs>
      <rect width="600" height="600" fill="url(#bg)"/>
      <circle cx="300" cy="230" r="170" fill="#fff" opacity="0.95"/>
      <g transform="translate(170 100) scale(1.3)">${pictogram(art.pictogram, palette)}</g>
      <rect x="24" y="28" width="${chipWidth}" height="38" rx="19" fill="#fff"/>
      <text x="${24 + chipWidth / 2}" y="53" font-family="${FONT}" font-size="18" font-weight="700" fill="${art.colour}" text-anchor="middle">${escapeXml(brand)}</text>
      ${textLines(lines, 300, top, size, lineHeight, 'font-weight="700" fill="#fff" text-anchor="middle"')}
    </svg>`;
  }

  if (view === 2) {
    const options = art.options.slice(0, 6);
    const rows = options
      .map(
        (option, index) =>
          `<rect x="40" y="${258 + index * 50}" width="520" height="40" rx="8" fill="${index % 2 ? '#fff' : shade(art.colour, 0.9)}"/>
          <circle cx="64" cy="${278 + index * 50}" r="7" fill="${art.colour}"/>
          <text x="84" y="${285 + index * 50}" font-family="${FONT}" font-size="21" fill="${INK}">${escapeXml(option)}</text>`,
      )
      .join('');
    const heading = options.length ? 'AVAILABLE OPTIONS' : 'PRODUCT DETAILS';
    return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
      <rect width="600" height="600" fill="#f8fafc"/>
      <rect width="600" height="12" fill="${art.colour}"/>
      ${chip}${categoryLabel}
      <g transform="translate(40 92) scale(0.62)">${pictogram(art.pictogram, palette)}</g>
      ${textLines(wrapText(art.name, 26, 400, 3), 178, 124, 26, 32, `font-weight="700" fill="${INK}"`)}
      <text x="40" y="240" font-family="${FONT}" font-size="16" font-weight="700" letter-spacing="2" fill="#64748b">${heading}</text>
      ${rows || `<text x="40" y="290" font-family="${FONT}" font-size="21" fill="${INK}">${escapeXml(art.categoryName.toLowerCase())} · quality checked by the seller</text>`}
    </svg>`;
  }

  const top = 478 - ((lines.length - 1) * lineHeight) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(art.colour, 0.86)}"/><stop offset="1" stop-color="#ffffff"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#bg)"/>
    <circle cx="300" cy="232" r="150" fill="${art.colour}" opacity="0.12"/>
    <g transform="translate(170 102) scale(1.3)">${pictogram(art.pictogram, palette)}</g>
    ${chip}${categoryLabel}
    <rect x="0" y="392" width="600" height="208" fill="#fff"/>
    <rect x="0" y="392" width="600" height="6" fill="${art.colour}"/>
    ${textLines(lines, 300, top, size, lineHeight, `font-weight="700" fill="${INK}" text-anchor="middle"`)}
  </svg>`;
}

/** The category tile of /shopbycategory (square). */
export function categoryPhotoSvg(name: string, colour: string, kind: Pictogram): string {
  const palette = { main: colour, dark: INK, light: shade(colour, 0.78) };
  const size = textWidth(name, 46) > 540 ? 36 : 46;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(colour, 0.15)}"/><stop offset="1" stop-color="${shade(colour, -0.4)}"/></linearGradient></defs>
    <rect width="600" height="600" fill="url(#bg)"/>
    ${[0, 1, 2, 3, 4, 5, 6, 7].map((i) => `<line x1="${-200 + i * 110}" y1="600" x2="${100 + i * 110}" y2="0" stroke="#fff" stroke-width="26" opacity="0.05"/>`).join('')}
    <circle cx="300" cy="256" r="176" fill="#fff"/>
    <g transform="translate(170 126) scale(1.3)">${pictogram(kind, palette)}</g>
    <text x="300" y="530" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff" text-anchor="middle" letter-spacing="1">${escapeXml(name)}</text>
  </svg>`;
}

/** The wide banner at the top of a category's product page. */
export function categoryBannerSvg(name: string, tagline: string, colour: string, kind: Pictogram): string {
  const palette = { main: colour, dark: INK, light: shade(colour, 0.78) };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(colour, -0.45)}"/><stop offset="1" stop-color="${colour}"/></linearGradient></defs>
    <rect width="1600" height="400" fill="url(#bg)"/>
    ${[0, 1, 2, 3, 4, 5].map((i) => `<circle cx="${900 + i * 150}" cy="${i % 2 ? 60 : 360}" r="${40 + i * 8}" fill="#fff" opacity="0.06"/>`).join('')}
    <circle cx="1300" cy="200" r="170" fill="#fff"/>
    <g transform="translate(1170 70) scale(1.3)">${pictogram(kind, palette)}</g>
    <text x="100" y="150" font-family="${FONT}" font-size="24" font-weight="700" letter-spacing="6" fill="${shade(colour, 0.6)}">SHOP BY CATEGORY</text>
    <text x="100" y="232" font-family="${FONT}" font-size="${Math.min(76, Math.floor(980 / textWidth(name, 1)))}" font-weight="700" fill="#fff">${escapeXml(name)}</text>
    <text x="100" y="290" font-family="${FONT}" font-size="30" fill="#fff" opacity="0.9">${escapeXml(tagline)}</text>
  </svg>`;
}

export function initials(name: string): string {
  const words = name
    .replace(/&/g, ' ')
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word));
  return ((words[0]?.[0] ?? 'T') + (words[1]?.[0] ?? '')).toUpperCase();
}

/** A shop's square logo: its initials on a coloured badge. */
export function sellerLogoSvg(name: string, colour: string, variant = 0): string {
  const letters = initials(name);
  const marks = [
    // An anvil-like base, a roof line, a beam.
    `<path d="M60 212 H240 L224 236 H76 Z" fill="#fff" opacity="0.9"/>`,
    `<path d="M62 92 L150 40 L238 92" fill="none" stroke="#fff" stroke-width="14" stroke-linejoin="round" opacity="0.9"/>`,
    `<rect x="64" y="214" width="172" height="16" rx="4" fill="#fff" opacity="0.9"/><rect x="64" y="70" width="172" height="16" rx="4" fill="#fff" opacity="0.9"/>`,
  ];
  const y = variant % 3 === 1 ? 204 : 186;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
    <rect width="300" height="300" rx="48" fill="${colour}"/>
    <rect x="18" y="18" width="264" height="264" rx="36" fill="none" stroke="#fff" stroke-width="6" opacity="0.5"/>
    ${marks[variant % 3]}
    <text x="150" y="${y}" font-family="${FONT}" font-size="112" font-weight="700" fill="#fff" text-anchor="middle">${escapeXml(letters)}</text>
  </svg>`;
}

/** A shop's wide banner: name, city and the pictograms of what it is known for. */
export function sellerBannerSvg(name: string, subtitle: string, colour: string, kinds: Pictogram[]): string {
  // The name must end before the icons (x = 1110).
  const size = Math.min(64, Math.floor(960 / textWidth(name, 1)));
  const stripes = Array.from(
    { length: 14 },
    (_, i) =>
      `<path d="M${1000 + i * 60} 0 H${1030 + i * 60} L${930 + i * 60} 400 H${900 + i * 60} Z" fill="#f97316" opacity="0.9"/>`,
  ).join('');
  const icons = kinds
    .slice(0, 3)
    .map(
      (kind, i) =>
        `<circle cx="${1190 + i * 140}" cy="200" r="60" fill="#fff"/>
        <g transform="translate(${1190 + i * 140 - 45} 155) scale(0.45)">${pictogram(kind, { main: colour, dark: INK, light: shade(colour, 0.78) })}</g>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400" viewBox="0 0 1600 400">
    <rect width="1600" height="400" fill="#1f2937"/>
    <g opacity="0.25">${stripes}</g>
    <rect x="0" y="0" width="12" height="400" fill="${colour}"/>
    ${icons}
    <text x="90" y="196" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(name)}</text>
    <text x="90" y="256" font-family="${FONT}" font-size="30" fill="#fdba74">${escapeXml(subtitle)}</text>
  </svg>`;
}

function emblem(shape: SeedPartner['shape'], colour: string, accent: string): string {
  switch (shape) {
    case 'hexagon':
      return `<path d="M50 8 L88 30 V74 L50 96 L12 74 V30 Z" fill="${colour}"/><path d="M50 28 L70 40 V64 L50 76 L30 64 V40 Z" fill="${accent}"/>`;
    case 'circle':
      return `<circle cx="50" cy="52" r="44" fill="${colour}"/><circle cx="50" cy="52" r="20" fill="${accent}"/>`;
    case 'diamond':
      return `<path d="M50 6 L94 52 L50 98 L6 52 Z" fill="${colour}"/><path d="M50 30 L72 52 L50 74 L28 52 Z" fill="${accent}"/>`;
    case 'shield':
      return `<path d="M50 6 L90 20 V50 Q90 84 50 98 Q10 84 10 50 V20 Z" fill="${colour}"/><path d="M50 30 L66 52 L50 74 L34 52 Z" fill="${accent}"/>`;
    case 'triangle':
      return `<path d="M50 8 L94 92 H6 Z" fill="${colour}"/><path d="M50 44 L68 80 H32 Z" fill="${accent}"/>`;
    case 'square':
      return `<rect x="8" y="10" width="84" height="84" rx="12" fill="${colour}"/><rect x="32" y="34" width="36" height="36" rx="4" fill="${accent}"/>`;
  }
}

/** A partner's wordmark logo on white (wide). */
export function partnerLogoSvg(partner: SeedPartner): string {
  const size = Math.min(44, Math.floor(250 / (textWidth(partner.mark, 1) || 1)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200">
    <rect width="400" height="200" fill="#fff"/>
    <g transform="translate(18 48)">${emblem(partner.shape, partner.colour, partner.accent)}</g>
    <text x="132" y="108" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${partner.colour}">${escapeXml(partner.mark)}</text>
    <text x="134" y="138" font-family="${FONT}" font-size="15" font-weight="700" letter-spacing="4" fill="#64748b">${escapeXml(partner.tagline)}</text>
  </svg>`;
}

/** A blog card's picture (16:9). */
export function blogSvg(title: string, colour: string, kind: Pictogram): string {
  const palette = { main: colour, dark: INK, light: shade(colour, 0.78) };
  const lines = wrapText(title, 34, 430, 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(colour, -0.5)}"/><stop offset="1" stop-color="${colour}"/></linearGradient></defs>
    <rect width="800" height="450" fill="url(#bg)"/>
    <circle cx="640" cy="225" r="150" fill="#fff" opacity="0.95"/>
    <g transform="translate(520 105) scale(1.2)">${pictogram(kind, palette)}</g>
    <text x="48" y="78" font-family="${FONT}" font-size="18" font-weight="700" letter-spacing="5" fill="#fdba74">TIBAY BUILDERS' GUIDE</text>
    ${textLines(lines, 48, 140, 34, 44, 'font-weight="700" fill="#fff"')}
    <rect x="48" y="380" width="80" height="6" rx="3" fill="#f97316"/>
  </svg>`;
}
