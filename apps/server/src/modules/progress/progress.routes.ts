import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import { sendPdf } from '../invoices/invoices.routes';
import type { ProgressService } from './progress-service';

export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).user.id;

  app.route({
    ...endpoint('teacherClassNotes'),
    handler: async (request) => ({ data: await progress.notesOf(request.params.id, me(request)) }),
  });

  app.route({
    ...endpoint('teacherClassNoteSave'),
    handler: async (request) => ({
      data: await progress.saveNote(me(request), request.params.id, request.body, me(request)),
    }),
  });

  app.route({
    ...endpoint('adminClassNotes'),
    handler: async (request) => ({ data: await progress.notesOf(request.params.id) }),
  });

  app.route({
    ...endpoint('adminClassNoteSave'),
    handler: async (request) => ({
      data: await progress.saveNote(me(request), request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('userProgress'),
    handler: async (request) => ({ data: await progress.progressOf(me(request)) }),
  });

  app.route({
    ...endpoint('adminStudentProgress'),
    handler: async (request) => ({ data: await progress.progressOf(request.params.id) }),
  });

  app.route({
    ...endpoint('userCertificates'),
    handler: async (request) => ({ data: await progress.certificatesOf(me(request)) }),
  });

  app.route({
    ...endpoint('userCertificateCreate'),
    handler: async (request, reply) =>
      reply.status(201).send({ data: await progress.issue(me(request), request.body) }),
  });

  app.route({
    ...endpoint('userCertificatePdf'),
    handler: async (request, reply) => sendPdf(reply, await progress.pdf(me(request), request.params.id)),
  });

  app.route({
    ...endpoint('adminStudentCertificates'),
    handler: async (request) => ({ data: await progress.certificatesOf(request.params.id) }),
  });

  app.route({
    ...endpoint('adminCertificateRevoke'),
    handler: async (request) => ({
      data: await progress.revoke(me(request), request.params.id, request.body.reason),
    }),
  });

  app.route({
    ...endpoint('certificateCheck'),
    handler: async (request) => ({ data: await progress.check(request.params.code) }),
  });
};
