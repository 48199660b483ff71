// Draws the app icons and the Open Graph image from the site's mark (run once; the PNGs are
// committed): `node apps/web/scripts/make-icons.mjs`.
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../public/icons');
const sparkle = 'M32 13l4.6 12.4L49 30l-12.4 4.6L32 47l-4.6-12.4L15 30l12.4-4.6z';
const gradient =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff4f9a"/><stop offset="1" stop-color="#8b5cf6"/></linearGradient></defs>';

/** `any` icons: the rounded mark. `maskable`: full-bleed gradient, mark inside the safe zone. */
const icon = (rounded) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" rx="${rounded ? 16 : 0}" fill="url(#g)"/><g transform="${rounded ? '' : 'translate(9.6 9.6) scale(0.7)'}"><path d="${sparkle}" fill="#fff"/></g></svg>`;

const og = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs><radialGradient id="bg" cx="0.3" cy="0.2" r="1"><stop offset="0" stop-color="#2a1630"/><stop offset="1" stop-color="#0e0e12"/></radialGradient>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff4f9a"/><stop offset="1" stop-color="#8b5cf6"/></linearGradient></defs>
<rect width="1200" height="630" fill="url(#bg)"/>
<g transform="translate(100 215) scale(3.125)"><rect width="64" height="64" rx="16" fill="url(#g)"/><path d="${sparkle}" fill="#fff"/></g>
<text x="340" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#ececf1">Lumi AI</text>
<text x="344" y="370" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" fill="#a3a3b3">AI character chat and free AI tools</text>
</svg>`;

const png = (svg, size, file) =>
  sharp(Buffer.from(svg), { density: 300 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));

await Promise.all([
  png(icon(true), 192, 'icon-192.png'),
  png(icon(true), 512, 'icon-512.png'),
  png(icon(false), 512, 'maskable-512.png'),
  png(icon(false), 180, 'apple-touch-icon.png'),
  sharp(Buffer.from(og)).png({ compressionLevel: 9 }).toFile(path.join(out, 'og-image.png')),
]);
