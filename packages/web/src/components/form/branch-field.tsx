import { HEAD_OFFICE_BRANCH } from '@pos/core';
import { useEffect, useState } from 'react';
import type { FieldPath, FieldValues, PathValue } from 'react-hook-form';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import { useFormField, type FieldBlockProps } from './use-form-field';

type Kind = 'head' | 'branch';

const kindOf = (value: string): Kind => (value === HEAD_OFFICE_BRANCH ? 'head' : 'branch');

/**
 * A tax party's branch as the Revenue Department writes it: สำนักงานใหญ่ (00000) or สาขาที่ and its 5 digits,
 * bound to one form field holding the 5 digits. `label` is the radio group's legend; `numberLabel` the box's.
 */
export function BranchField<T extends FieldValues, N extends FieldPath<T>, TOut>({
  control,
  name,
  id,
  label,
  hint,
  className,
  headOfficeLabel,
  branchLabel,
  numberLabel,
}: FieldBlockProps<T, N, TOut> & { headOfficeLabel: string; branchLabel: string; numberLabel: string }) {
  const { field, error, aria } = useFormField(control, name, id, hint);
  const value = typeof field.value === 'string' ? field.value : '';
  const [kind, setKind] = useState<Kind>(kindOf(value));
  // A reset from outside (a customer picked, the settings reloaded) moves the choice with it; an emptied box
  // (the branch just chosen) keeps it.
  useEffect(() => {
    if (value !== '') setKind(kindOf(value));
  }, [value]);

  const choose = (next: Kind) => {
    setKind(next);
    field.onChange((next === 'head' ? HEAD_OFFICE_BRANCH : '') as PathValue<T, N>);
    // The number is what is typed next.
    if (next === 'branch') requestAnimationFrame(() => document.getElementById(id)?.focus());
  };

  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium text-slate-900">{label}</legend>
      <div className="flex flex-wrap gap-x-6">
        {(['head', 'branch'] as const).map((option) => (
          <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-900">
            <input
              type="radio"
              name={`${id}-kind`}
              value={option}
              checked={kind === option}
              onChange={() => choose(option)}
              className="size-5 cursor-pointer accent-blue-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            />
            {option === 'head' ? headOfficeLabel : branchLabel}
          </label>
        ))}
      </div>
      {kind === 'branch' ? (
        <FormField id={id} label={numberLabel} hint={hint} error={error} className="max-w-[12rem]">
          <Input
            {...aria}
            ref={field.ref}
            name={field.name}
            value={value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            placeholder="00001"
          />
        </FormField>
      ) : null}
    </fieldset>
  );
}
