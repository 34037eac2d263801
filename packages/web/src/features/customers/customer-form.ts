import { CreateCustomerRequest, formatPhone, type Customer } from '@pos/core';
import type { z } from 'zod';

/** The customer dialog's form: the API's create schema (edit sends the same fields, tax details included). */
export const CustomerForm = CreateCustomerRequest;
export type CustomerFormInput = z.input<typeof CustomerForm>;
export type CustomerFormOutput = z.output<typeof CustomerForm>;

export const CUSTOMER_FORM_FIELDS = ['name', 'phone', 'email', 'address', 'tax_name', 'tax_id', 'tax_branch'] as const;

export function customerFormValues(customer?: Customer | null): CustomerFormInput {
  return {
    name: customer?.name ?? '',
    // Written as people read it; saving stores the canonical form again.
    phone: formatPhone(customer?.phone),
    email: customer?.email ?? '',
    address: customer?.address ?? '',
    // Tax details for full tax invoices (issue 36); empty means none kept.
    tax_name: customer?.tax_name ?? '',
    tax_id: customer?.tax_id ?? '',
    tax_branch: customer?.tax_branch ?? '',
  };
}

/**
 * Sample data as a Thai ID-card reader would give it (demo helper: no card
 * reader is connected). A card holds name and address, not a phone number; a
 * sample number is filled only when the phone field is empty.
 */
export const SAMPLE_ID_CARDS = [
  {
    name: 'นายสมชาย ใจดี',
    address: '99/1 หมู่ 2 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพมหานคร 10110',
    phone: '081-234-5678',
  },
  {
    name: 'นางสาวสมหญิง รักสวย',
    address: '12 ถนนนิมมานเหมินท์ ตำบลสุเทพ อำเภอเมืองเชียงใหม่ จังหวัดเชียงใหม่ 50200',
    phone: '089-876-5432',
  },
  {
    name: 'นายวิชัย มั่นคง',
    address: '45/6 ถนนมิตรภาพ ตำบลในเมือง อำเภอเมืองขอนแก่น จังหวัดขอนแก่น 40000',
    phone: '062-345-6789',
  },
] as const;

/** The next sample in turn, so repeated presses show different cards. */
export function nextSampleIdCard(counter: number): (typeof SAMPLE_ID_CARDS)[number] {
  return SAMPLE_ID_CARDS[counter % SAMPLE_ID_CARDS.length] ?? SAMPLE_ID_CARDS[0];
}
