import { idParamSchema } from '@tokenly/contract/common';
import {
  certificateBodySchema,
  certificateCheckResponseSchema,
  certificateCodeParamSchema,
  certificateResponseSchema,
  certificateRevokeBodySchema,
  certificatesResponseSchema,
  classNoteBodySchema,
  classNoteResponseSchema,
  classNotesResponseSchema,
  progressResponseSchema,
} from '@tokenly/contract/progress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endpoint } from '../../lib/endpoint';
import { currentSession } from '../../plugins/auth';
import { sendPdf } from '../invoices/invoices.routes';
import type { ProgressService } from './progress-service';

const pdfSchema = z.string().meta({ format: 'binary', description: 'The certificate as a PDF file.' });

export const progressRoutes: FastifyPluginAsyncZod<{ progress: ProgressService }> = async (
  app,
  { progress },
) => {
  const user = app.requireRole('user');
  const teacher = app.requireRole('teacher');
  const admin = app.requireRole('admin');
  const me = (request: Parameters<typeof currentSession>[0]) => currentSession(request).user.id;

  app.route({
    ...endpoint('teacherClassNotes'),
    schema: { params: idParamSchema, response: { 200: classNotesResponseSchema } },
    onRequest: teacher,
    handler: async (request) => ({ data: await progress.notesOf(request.params.id, me(request)) }),
  });

  app.route({
    ...endpoint('teacherClassNoteSave'),
    schema: { params: idParamSchema, body: classNoteBodySchema, response: { 200: classNoteResponseSchema } },
    onRequest: teacher,
    handler: async (request) => ({
      data: await progress.saveNote(me(request), request.params.id, request.body, me(request)),
    }),
  });

  app.route({
    ...endpoint('adminClassNotes'),
    schema: { params: idParamSchema, response: { 200: classNotesResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await progress.notesOf(request.params.id) }),
  });

  app.route({
    ...endpoint('adminClassNoteSave'),
    schema: { params: idParamSchema, body: classNoteBodySchema, response: { 200: classNoteResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({
      data: await progress.saveNote(me(request), request.params.id, request.body),
    }),
  });

  app.route({
    ...endpoint('userProgress'),
    schema: { response: { 200: progressResponseSchema } },
    onRequest: user,
    handler: async (request) => ({ data: await progress.progressOf(me(request)) }),
  });

  app.route({
    ...endpoint('adminStudentProgress'),
    schema: { params: idParamSchema, response: { 200: progressResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await progress.progressOf(request.params.id) }),
  });

  app.route({
    ...endpoint('userCertificates'),
    schema: { response: { 200: certificatesResponseSchema } },
    onRequest: user,
    handler: async (request) => ({ data: await progress.certificatesOf(me(request)) }),
  });

  app.route({
    ...endpoint('userCertificateCreate'),
    schema: { body: certificateBodySchema, response: { 201: certificateResponseSchema } },
    onRequest: user,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await progress.issue(me(request), request.body) }),
  });

  app.route({
    ...endpoint('userCertificatePdf'),
    schema: { params: idParamSchema, response: { 200: pdfSchema } },
    onRequest: user,
    handler: async (request, reply) => sendPdf(reply, await progress.pdf(me(request), request.params.id)),
  });

  app.route({
    ...endpoint('adminStudentCertificates'),
    schema: { params: idParamSchema, response: { 200: certificatesResponseSchema } },
    onRequest: admin,
    handler: async (request) => ({ data: await progress.certificatesOf(request.params.id) }),
  });

  app.route({
    ...endpoint('adminCertificateRevoke'),
    schema: {
      params: idParamSchema,
      body: certificateRevokeBodySchema,
      response: { 200: certificateResponseSchema },
    },
    onRequest: admin,
    handler: async (request) => ({
      data: await progress.revoke(me(request), request.params.id, request.body.reason),
    }),
  });

  app.route({
    ...endpoint('certificateCheck'),
    schema: { params: certificateCodeParamSchema, response: { 200: certificateCheckResponseSchema } },
    handler: async (request) => ({ data: await progress.check(request.params.code) }),
  });
};
