import type { Translate } from '../i18n';

/** The size and colour of a sold line as one text: "ไซส์ M · สี แดง"; empty when neither was chosen. */
export function variantText(line: { size: string | null; color: string | null }, t: Translate): string {
  const parts: string[] = [];
  if (line.size) parts.push(t('common.size', { size: line.size }));
  if (line.color) parts.push(t('common.color', { color: line.color }));
  return parts.join(' · ');
}
