// @ts-check
// Writes the Thai province, district and sub-district codes ETDA's e-Tax XML uses (with their Thai names) from
// ETDA's published code lists into packages/server/src/features/settings/etda-places.json:
//   node scripts/etda-places.mjs <folder holding ETDA/codelist/standard>
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'packages/server/src/features/settings/etda-places.json');

/** @param {string} file */
function codes(file) {
  const text = fs.readFileSync(file, 'utf8');
  const pattern =
    /<xsd:enumeration value="([^"]+)">\s*<xsd:annotation>\s*<xsd:documentation xml:lang="th"><ccts:Name>([^<]*)<\/ccts:Name>/g;
  return [...text.matchAll(pattern)].map((m) => [m[1] ?? '', (m[2] ?? '').trim()]);
}

const folder = process.argv[2];
if (!folder) throw new Error('usage: node scripts/etda-places.mjs <folder holding ETDA/codelist/standard>');
const lists = path.join(folder, 'ETDA/codelist/standard');
const places = {
  source:
    'ETDA e-Tax Invoice & Receipt code lists v2.0 (ThaiISOCountrySubdivisionCode_1p0.xsd, TISICityName_1p0.xsd, ' +
    'TISICitySubDivisionName_1p0.xsd) from ETDA/XMLValidation commit 5220c21021ea15e893a4639cffeae0d82f147f5f, ' +
    'src/test/resources/XMLSchemaV2; written by scripts/etda-places.mjs',
  provinces: codes(path.join(lists, 'ThaiISOCountrySubdivisionCode_1p0.xsd')),
  districts: codes(path.join(lists, 'TISICityName_1p0.xsd')),
  subdistricts: codes(path.join(lists, 'TISICitySubDivisionName_1p0.xsd')),
};
fs.writeFileSync(OUT, `${JSON.stringify(places)}\n`);
console.log(
  `${places.provinces.length} provinces, ${places.districts.length} districts, ${places.subdistricts.length} sub-districts`,
);
