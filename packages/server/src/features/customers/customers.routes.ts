import {
  RESULT_MESSAGES,
  CreateCustomerRequest,
  CustomerHistoryResponse,
  CustomerResponse,
  CustomersResponse,
  DeleteCustomerResponse,
  IdParams,
  ListCustomersQuery,
  UpdateCustomerRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { needs } from '../../http/route-access';
import {
  createCustomer,
  deleteCustomer,
  getCustomer,
  getCustomerHistory,
  listCustomers,
  updateCustomer,
} from './customers.service';

/**
 * Customers (spec 001 §7). Reading and the history need customers_view; the
 * cashier may add customers (customers_create) but not edit or delete them.
 * Points and totals are never written here: sales and refunds own them.
 */
export function customersRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['customers'];
    app.get(
      '/customers',
      {
        config: { access: needs('customers_view') },
        schema: { tags, querystring: ListCustomersQuery, response: { 200: CustomersResponse } },
      },
      async (req) => ({ customers: await listCustomers(deps, req.query) }),
    );
    app.get(
      '/customers/:id',
      {
        config: { access: needs('customers_view') },
        schema: { tags, params: IdParams, response: { 200: CustomerResponse } },
      },
      async (req) => ({ customer: await getCustomer(deps, req.params.id) }),
    );
    app.get(
      '/customers/:id/history',
      {
        config: { access: needs('customers_view'), heavyRead: true },
        schema: { tags, params: IdParams, response: { 200: CustomerHistoryResponse } },
      },
      async (req) => ({ sales: await getCustomerHistory(deps, req.params.id) }),
    );
    app.post(
      '/customers',
      {
        config: { access: needs('customers_create'), errors: [409] },
        schema: { tags, body: CreateCustomerRequest, response: { 201: CustomerResponse } },
      },
      async (req, reply) => reply.code(201).send({ customer: await createCustomer(deps, req.body) }),
    );
    app.put(
      '/customers/:id',
      {
        config: { access: needs('customers_edit'), errors: [409] },
        schema: { tags, params: IdParams, body: UpdateCustomerRequest, response: { 200: CustomerResponse } },
      },
      async (req) => ({ customer: await updateCustomer(deps, req.params.id, req.body) }),
    );
    app.delete(
      '/customers/:id',
      {
        config: { access: needs('customers_delete') },
        schema: { tags, params: IdParams, response: { 200: DeleteCustomerResponse } },
      },
      async (req) => {
        const { soft, name } = await deleteCustomer(deps, req.params.id);
        return {
          ok: true as const,
          message: soft ? RESULT_MESSAGES.customerSoftDeleted(name) : RESULT_MESSAGES.customerDeleted(name),
          soft_deleted: soft,
        };
      },
    );
  };
}
