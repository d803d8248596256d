import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type Serializer = (data: unknown) => string;

// By schema: the contract's schemas are module constants, so every app built in one process (each test
// file's, in a test worker) reuses the compiled code, which takes a few milliseconds per route.
const compiled = new WeakMap<ZodType, Serializer | undefined>();

/**
 * fast-json-stringify compiled from the response schema's JSON Schema (its output side), or undefined
 * when the schema cannot be written as one (a transform, a custom check): those routes keep zod's.
 */
function compileFast(schema: ZodType): Serializer | undefined {
  if (!compiled.has(schema)) compiled.set(schema, compileFastOnce(schema));
  return compiled.get(schema);
}

function compileFastOnce(schema: ZodType): Serializer | undefined {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serializer;
  } catch {
    return undefined;
  }
}

/**
 * Zod's serializer (fastify-type-provider-zod) validates every answer against its schema before
 * writing it, which for a month of the calendar was most of the request. In production the answer is
 * written by fast-json-stringify from the same schema: only the properties the schema lists, so nothing
 * the schema leaves out (a password hash on a row) can leak, without checking again what the service
 * built. With `checkResponses` (every test app) zod's serializer still validates and writes each answer,
 * and the fast one must write the same JSON, so a schema that the two read differently fails a test
 * rather than reaching a client.
 */
export function responseSerializerCompiler({
  checkResponses,
}: {
  checkResponses: boolean;
}): FastifySerializerCompiler<ZodType> {
  return (route) => {
    const checked: Serializer = zodSerializerCompiler(route);
    const fast = compileFast(route.schema);
    if (!fast) return checked;
    if (!checkResponses) return fast;
    return (data) => {
      const expected = checked(data);
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `fast-json-stringify and zod disagree on ${route.method} ${route.url}:\n${written}\n${expected}`,
        );
      }
      return expected;
    };
  };
}
