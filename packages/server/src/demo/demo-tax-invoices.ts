import { CreateCustomerRequest, CreateTaxInvoiceRequest, type Customer } from '@pos/core';
import type { SessionUser } from '../http/request-user';
import { createCustomer } from '../features/customers/customers.service';
import { issueTaxInvoice } from '../features/tax-invoices/tax-invoices.service';
import { thaiPhone } from './demo-catalogue';
import type { DemoDeps } from './demo.service';

/**
 * Companies that buy uniforms and gifts and ask for full tax invoices (issue 36), with their tax details kept
 * (made-up tax IDs with valid check digits), so the demo shop's customer list and sales history show them.
 */
const DEMO_COMPANIES = [
  {
    name: 'คุณวิภา (ฝ่ายจัดซื้อ)',
    taxName: 'บริษัท สยามยูนิฟอร์ม เทรดดิ้ง จำกัด',
    taxId: '0105556123453',
    branch: '00000',
    address: '88/8 ถนนรัชดาภิเษก แขวงดินแดง เขตดินแดง กรุงเทพมหานคร 10400',
  },
  {
    name: 'คุณธีรพงษ์ บัญชี',
    taxName: 'บริษัท รุ่งเรืองการบัญชี จำกัด',
    taxId: '0105558123469',
    branch: '00002',
    address: '15 ถนนพหลโยธิน แขวงสามเสนใน เขตพญาไท กรุงเทพมหานคร 10400',
  },
  {
    name: 'ห้างหุ้นส่วนจำกัด ขอนแก่นพาณิชย์',
    taxName: 'ห้างหุ้นส่วนจำกัด ขอนแก่นพาณิชย์',
    taxId: '0505561123489',
    branch: '00000',
    address: '45/6 ถนนมิตรภาพ ตำบลในเมือง อำเภอเมืองขอนแก่น จังหวัดขอนแก่น 40000',
  },
  {
    name: 'คุณสุดารัตน์ มีสุข',
    // A person: the citizen ID card number is the tax ID (Easy E-Receipt).
    taxName: 'นางสาวสุดารัตน์ มีสุข',
    taxId: '1101700123456',
    branch: '00000',
    address: '9 ซอยสุขุมวิท 24 แขวงคลองตัน เขตคลองเตย กรุงเทพมหานคร 10110',
  },
] as const;

/** The company customers, after the shop's `customerCount` others (their phone numbers apart from them). */
export async function addDemoCompanies(deps: DemoDeps, seed: number, customerCount: number): Promise<Customer[]> {
  const companies: Customer[] = [];
  for (const [i, company] of DEMO_COMPANIES.entries()) {
    const input = CreateCustomerRequest.parse({
      name: company.name,
      phone: thaiPhone(customerCount + i + seed * 1000),
      email: `tax${i + 1}.s${seed}@example.com`,
      address: company.address,
      tax_name: company.taxName,
      tax_id: company.taxId,
      tax_branch: company.branch,
    });
    companies.push(await createCustomer(deps, input));
  }
  return companies;
}

/** The full tax invoice a company asks for at the till right after paying: its kept details, in one click. */
export async function issueDemoTaxInvoice(
  deps: DemoDeps,
  cashier: SessionUser,
  saleId: number,
  company: Customer,
): Promise<void> {
  const input = CreateTaxInvoiceRequest.parse({
    buyer: {
      name: company.tax_name ?? company.name,
      address: company.address ?? '',
      taxId: company.tax_id ?? '',
      branch: company.tax_branch ?? '00000',
    },
    customerId: company.id,
  });
  await issueTaxInvoice(deps, cashier, saleId, input);
}
