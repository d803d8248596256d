import { idParamSchema } from '@tokenly/contract/common';
import {
  billingDetailsBodySchema,
  billingDetailsResponseSchema,
  invoiceResponseSchema,
} from '@tokenly/contract/invoices';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { InvoiceService } from './invoices-service';

const pdfSchema = z
  .string()
  .meta({ format: 'binary', description: 'The invoice or credit note as a PDF file.' });

export function sendPdf(reply: FastifyReply, file: { filename: string; body: Buffer }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

export const invoicesRoutes: FastifyPluginAsyncZod<{ invoices: InvoiceService }> = async (
  app,
  { invoices },
) => {
  const user = app.requireRole('user');
  const admin = app.requireRole('admin');

  app.route({
    ...endpoint('userBillingDetails'),
    schema: { response: { 200: billingDetailsResponseSchema } },
    onRequest: user,
    handler: async (request) => ({ data: await invoices.billingDetails(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userBillingDetailsSave'),
    schema: { body: billingDetailsBodySchema, response: { 200: billingDetailsResponseSchema } },
    onRequest: user,
    handler: async (request) => ({
      data: await invoices.saveBillingDetails(currentSession(request).user.id, request.body),
    }),
  });

  app.route({
    ...endpoint('userInvoice'),
    schema: { params: idParamSchema, response: { 200: invoiceResponseSchema } },
    onRequest: user,
    handler: async (request) => ({
      data: await invoices.get(request.params.id, currentSession(request).user.id),
    }),
  });

  app.route({
    ...endpoint('userInvoicePdf'),
    schema: { params: idParamSchema, response: { 200: pdfSchema } },
    onRequest: user,
    handler: async (request, reply) =>
      sendPdf(reply, await invoices.pdf(request.params.id, currentSession(request).user.id)),
  });

  app.route({
    ...endpoint('adminInvoice'),
    schema: { params: idParamSchema, response: { 200: invoiceResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await invoices.get(request.params.id, undefined) }),
  });

  app.route({
    ...endpoint('adminInvoicePdf'),
    schema: { params: idParamSchema, response: { 200: pdfSchema } },
    onRequest: admin,
    handler: async (request, reply) => sendPdf(reply, await invoices.pdf(request.params.id, undefined)),
  });
};
