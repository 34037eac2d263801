import places from './etda-places.json';

/**
 * Thai provinces, districts and sub-districts by the codes ETDA's e-Tax XML uses (from ETDA's code lists,
 * written by scripts/etda-places.mjs). A district's code starts with its province's, a sub-district's with its
 * district's: 10 กรุงเทพมหานคร → 1028 เขตสาทร → 102803 ทุ่งมหาเมฆ.
 */
export interface EtdaPlace {
  code: string;
  name: string;
}

const toPlaces = (list: string[][]): EtdaPlace[] => list.map(([code, name]) => ({ code: code!, name: name! }));

export const PROVINCES = toPlaces(places.provinces);
export const DISTRICTS = toPlaces(places.districts);
export const SUBDISTRICTS = toPlaces(places.subdistricts);

const NAMES = new Map([...PROVINCES, ...DISTRICTS, ...SUBDISTRICTS].map((p) => [p.code, p.name]));

export function placeName(code: string): string | undefined {
  return NAMES.get(code);
}

/** Whether a sub-district, district and province are known and lie one in another. */
export function isPlaceChain(subdistrict: string, district: string, province: string): boolean {
  return (
    NAMES.has(subdistrict) &&
    NAMES.has(district) &&
    NAMES.has(province) &&
    subdistrict.length === 6 &&
    district.length === 4 &&
    province.length === 2 &&
    subdistrict.startsWith(district) &&
    district.startsWith(province)
  );
}
