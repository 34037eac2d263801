import sharp from 'sharp';

/**
 * A product picture drawn for the demo: the kind's colour, a simple shape and the product's
 * number, so each card in the grid looks different without shipping photos.
 */
export async function demoProductImage(hue: number, index: number): Promise<Buffer> {
  const light = `hsl(${hue}, 60%, 88%)`;
  const strong = `hsl(${hue}, 55%, 45%)`;
  const shapes = [
    '<path d="M110 80 L160 60 L200 80 L240 60 L290 80 L320 140 L280 160 L280 320 L120 320 L120 160 L80 140 Z"/>',
    '<path d="M90 250 Q120 170 200 200 L300 230 Q330 240 320 280 L100 290 Q80 285 90 250 Z"/>',
    '<rect x="110" y="140" width="180" height="160" rx="24"/><path d="M150 140 Q200 60 250 140" fill="none" stroke-width="14"/>',
    '<circle cx="200" cy="200" r="110"/>',
  ];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="${light}"/>
    <g fill="${strong}" stroke="${strong}">${shapes[index % shapes.length]}</g>
    <text x="200" y="370" font-family="sans-serif" font-size="28" text-anchor="middle" fill="${strong}">#${index + 1}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
