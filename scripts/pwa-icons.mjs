// Draws the installed app's icons (issue 38) from the app's own icon, packages/web/public/favicon.svg, into
// packages/web/public/icons/. Run once after the icon changes and commit the PNGs: `node scripts/pwa-icons.mjs`
// (sharp is the server's dependency; the web build does not need it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = fileURLToPath(new URL('../packages/web/public/', import.meta.url));
const outDir = path.join(publicDir, 'icons');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

/** The favicon's shopping bag, the drawing on its blue square. */
const bag = [...favicon.matchAll(/<path [^>]+\/>/g)].map((match) => match[0]).join('');
if (bag === '') throw new Error('favicon.svg has no <path> to draw the icons from');

/**
 * The maskable icon: the launcher cuts it to its own shape (circle, squircle), keeping only the middle 80 %,
 * so the blue fills the whole square and the bag sits well inside the middle.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#2563eb"/><g transform="translate(16 16.5) scale(0.9) translate(-16 -16.5)">${bag}</g></svg>`;

/** iOS draws its own rounded corners and shows transparency as black: the full square, bag at the favicon's size. */
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#2563eb"/>${bag}</svg>`;

/** @type {[file: string, svg: string, size: number][]} */
const ICONS = [
  ['icon-192.png', favicon, 192],
  ['icon-512.png', favicon, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon-180.png', apple, 180],
];

fs.mkdirSync(outDir, { recursive: true });
for (const [file, svg, size] of ICONS) {
  // The drawing is 32 units wide: render at the density that makes it `size` pixels, so edges stay sharp.
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
  console.log(`${file} ${size}×${size}`);
}
