import { postcodeOf, type EtdaPlacesResponse } from '@pos/core';
import { RotateCw } from 'lucide-react';
import { useMemo } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { TextField } from '../../components/form/text-field';
import { useFormField } from '../../components/form/use-form-field';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { fieldAria, FormField } from '../../components/ui/form-field';
import { Input, inputClasses } from '../../components/ui/input';
import { useT } from '../../i18n';
import { errorDetail } from '../../lib/api';
import { cn } from '../../lib/utils';
import type { SettingsControl } from './settings-form';
import { useEtdaPlaces } from './settings-screen.queries';

/**
 * The system group's fields the e-Tax tab shows (the structured seller's address ETDA asks for): where a refused
 * one is shown. Written beside the fields themselves; etax-address-fields.test.tsx holds the two equal.
 */
export const ETAX_TAB_SYSTEM_FIELDS: ReadonlySet<string> = new Set([
  'addressBuildingNumber',
  'addressProvince',
  'addressDistrict',
  'addressSubdistrict',
  'postcode',
]);

type Place = EtdaPlacesResponse['provinces'][number];

const byThaiName = new Intl.Collator('th').compare;
const sorted = (places: readonly Place[]) => [...places].sort((a, b) => byThaiName(a.name, b.name));

/** The places one level down from `parent` (a district's code starts with its province's, and so on), by name. */
export function placesIn(places: readonly Place[], parent: string): Place[] {
  if (parent === '') return [];
  return sorted(places.filter((place) => place.code.startsWith(parent)));
}

type PlaceController = ReturnType<typeof usePlaceController>;

function usePlaceController(
  control: SettingsControl,
  name: 'settings.system.addressProvince' | 'settings.system.addressDistrict' | 'settings.system.addressSubdistrict',
) {
  const { field, fieldState } = useController({ control, name });
  return { field, error: fieldState.error?.message, code: typeof field.value === 'string' ? field.value : '' };
}

/**
 * One level of the address as a native select (keyboard and screen readers know it; typing a name's first letters
 * jumps to it), bound to its code. `onPicked` runs after a choice, for the levels below it.
 */
function PlaceSelect({
  place: { field, error, code },
  id,
  label,
  placeholder,
  options,
  disabled,
  onPicked,
}: {
  place: PlaceController;
  id: string;
  label: string;
  placeholder: string;
  options: readonly Place[];
  disabled: boolean;
  onPicked?: (code: string) => void;
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <select
        {...fieldAria(id, error)}
        ref={field.ref}
        name={field.name}
        value={code}
        disabled={disabled}
        onChange={(event) => {
          field.onChange(event.target.value);
          onPicked?.(event.target.value);
        }}
        onBlur={field.onBlur}
        className={cn(inputClasses, 'cursor-pointer')}
      >
        <option value="">{placeholder}</option>
        {options.map((place) => (
          <option key={place.code} value={place.code}>
            {place.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * The seller's address as ETDA's e-Tax XML needs it (issue 36): the house number, province → district →
 * sub-district by ETDA's codes (each list holds what lies in the one above, so the codes always nest), and the
 * postcode. Choosing a province clears the district and sub-district, a district the sub-district. ETDA's lists
 * carry no postcodes: choosing the sub-district fills an empty postcode from the printed address (store tab)
 * when it holds one, else it is typed.
 */
export function EtaxAddressFields({ control }: { control: SettingsControl }) {
  const t = useT();
  const places = useEtdaPlaces();
  const province = usePlaceController(control, 'settings.system.addressProvince');
  const district = usePlaceController(control, 'settings.system.addressDistrict');
  const subdistrict = usePlaceController(control, 'settings.system.addressSubdistrict');
  const postcodeHint = t('settings.etax.address.postcodeHint');
  // Its own controller (not TextField's) so choosing the sub-district can fill it.
  const postcode = useFormField(control, 'settings.system.postcode', 'settings-etax-postcode', postcodeHint);
  const postcodeText = typeof postcode.field.value === 'string' ? postcode.field.value : '';
  const printedAddress = useWatch({ control, name: 'settings.system.address' });
  const provinceCode = province.code;
  const districtCode = district.code;

  const data = places.data;
  const provinces = useMemo(() => (data ? sorted(data.provinces) : []), [data]);
  const districts = useMemo(() => (data ? placesIn(data.districts, provinceCode) : []), [data, provinceCode]);
  const subdistricts = useMemo(() => (data ? placesIn(data.subdistricts, districtCode) : []), [data, districtCode]);

  const ready = data !== undefined;
  const loadingText = t('settings.etax.address.loading');

  return (
    <section className="grid gap-4" aria-labelledby="settings-etax-address-title">
      <div className="space-y-1">
        <h3 id="settings-etax-address-title" className="text-base font-semibold text-slate-900">
          {t('settings.etax.address.title')}
        </h3>
        <p className="text-sm text-slate-600">{t('settings.etax.address.intro')}</p>
      </div>
      {places.isPending ? (
        <p role="status" className="sr-only">
          {loadingText}
        </p>
      ) : null}
      {places.isError ? (
        <ErrorAlert title={t('settings.etax.address.loadError')}>
          <div className="space-y-2">
            {errorDetail(places.error) ? <p>{errorDetail(places.error)}</p> : null}
            <Button
              type="button"
              variant="outline"
              onClick={() => void places.refetch()}
              disabled={places.isFetching}
              data-testid="settings-etax-places-retry"
            >
              <RotateCw className={cn(places.isFetching && 'animate-spin')} aria-hidden />
              {t('common.retry')}
            </Button>
          </div>
        </ErrorAlert>
      ) : null}
      <TextField
        control={control}
        name="settings.system.addressBuildingNumber"
        id="settings-etax-building"
        label={t('settings.etax.address.buildingNumber')}
        hint={t('settings.etax.address.buildingNumberHint')}
        autoComplete="off"
        className="max-w-xs"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <PlaceSelect
          place={province}
          id="settings-etax-province"
          label={t('settings.etax.address.province')}
          placeholder={ready ? t('settings.etax.address.chooseProvince') : loadingText}
          options={provinces}
          disabled={!ready}
          onPicked={() => {
            district.field.onChange('');
            subdistrict.field.onChange('');
          }}
        />
        <PlaceSelect
          place={district}
          id="settings-etax-district"
          label={t('settings.etax.address.district')}
          placeholder={
            !ready
              ? loadingText
              : provinceCode === ''
                ? t('settings.etax.address.provinceFirst')
                : t('settings.etax.address.chooseDistrict')
          }
          options={districts}
          disabled={!ready || provinceCode === ''}
          onPicked={() => subdistrict.field.onChange('')}
        />
        <PlaceSelect
          place={subdistrict}
          id="settings-etax-subdistrict"
          label={t('settings.etax.address.subdistrict')}
          placeholder={
            !ready
              ? loadingText
              : districtCode === ''
                ? t('settings.etax.address.districtFirst')
                : t('settings.etax.address.chooseSubdistrict')
          }
          options={subdistricts}
          disabled={!ready || districtCode === ''}
          onPicked={(code) => {
            const fromAddress = typeof printedAddress === 'string' ? postcodeOf(printedAddress) : null;
            if (code !== '' && postcodeText === '' && fromAddress !== null) postcode.field.onChange(fromAddress);
          }}
        />
      </div>
      <FormField
        id="settings-etax-postcode"
        label={t('settings.etax.address.postcode')}
        hint={postcodeHint}
        error={postcode.error}
      >
        <Input
          {...postcode.aria}
          ref={postcode.field.ref}
          name={postcode.field.name}
          value={postcodeText}
          onChange={postcode.field.onChange}
          onBlur={postcode.field.onBlur}
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          className="max-w-[12rem]"
        />
      </FormField>
    </section>
  );
}
