import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import type { InvoiceService } from './invoices-service';

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
  app.route({
    ...endpoint('userBillingDetails'),
    handler: async (request) => ({ data: await invoices.billingDetails(currentSession(request).user.id) }),
  });

  app.route({
    ...endpoint('userBillingDetailsSave'),
    handler: async (request) => ({
      data: await invoices.saveBillingDetails(currentSession(request).user.id, request.body),
    }),
  });

  app.route({
    ...endpoint('userInvoice'),
    handler: async (request) => ({
      data: await invoices.get(request.params.id, currentSession(request).user.id),
    }),
  });

  app.route({
    ...endpoint('userInvoicePdf'),
    handler: async (request, reply) =>
      sendPdf(reply, await invoices.pdf(request.params.id, currentSession(request).user.id)),
  });

  app.route({
    ...endpoint('adminInvoice'),
    handler: async (request) => ({ data: await invoices.get(request.params.id, undefined) }),
  });

  app.route({
    ...endpoint('adminInvoicePdf'),
    handler: async (request, reply) => sendPdf(reply, await invoices.pdf(request.params.id, undefined)),
  });
};
