const upToOneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const upToTwoDecimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const KB_PER_MB = 1024;
const BYTES_PER_MB = 1024 * 1024;

/**
 * A size the server gives in megabytes, in the unit that reads best: bytes, KB, MB or GB
 * ("7.4 KB", not "0.0072 MB"; "2.44 GB", not "2,500 MB"). Units are the same in Thai and English.
 */
export function formatSize(mb: number): string {
  const size = Math.abs(mb);
  if (size === 0) return `${upToTwoDecimals.format(0)} MB`;
  if (size * KB_PER_MB < 1) return `${Math.round(mb * BYTES_PER_MB)} B`;
  if (size < 1) return `${upToOneDecimal.format(mb * KB_PER_MB)} KB`;
  if (size < KB_PER_MB) return `${upToTwoDecimals.format(mb)} MB`;
  return `${upToTwoDecimals.format(mb / KB_PER_MB)} GB`;
}
