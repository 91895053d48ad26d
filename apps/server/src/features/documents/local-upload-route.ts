import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_MAX_BYTES, FILE_MESSAGES, LOCAL_PUBLIC_UPLOAD_PATH, LOCAL_UPLOAD_PATH } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { LocalStorage } from '../../infra/storage/local-storage';
import { verifyPolicy } from '../../infra/storage/upload-policy';
import { sessionOf } from '../../session/require-session';
import { LETTER_KEY_ROOT } from './document-keys';

const policyRefused = () => new AppError('UPLOAD_POLICY_INVALID');

/**
 * The embedded store's upload endpoint, where the browser posts the presigned
 * form (fields first, then one `file`), as it would to S3. It checks the signed
 * policy as S3 does (exact key, expiry of at most ten minutes, 1 to 1,048,576
 * bytes, one file) and, being our own server, also the session: the browser
 * posts from the same origin with its cookie, and the key must be the applicant's. The body is streamed to disk and counted;
 * nothing is kept unless every condition holds.
 *
 * `uploader` 'recommender' is the same endpoint at /public/upload for letters:
 * a recommender has no session, so the key must be a letter's, signed for their
 * link's request alone; the signed policy is all S3 would check either.
 */
export function localUploadRoute(deps: AppDeps, storage: LocalStorage, uploader: 'applicant' | 'recommender') {
  const path = uploader === 'applicant' ? LOCAL_UPLOAD_PATH : LOCAL_PUBLIC_UPLOAD_PATH;
  const mayUpload = (req: FastifyRequest, key: string) =>
    uploader === 'applicant' ? key.startsWith(`documents/${sessionOf(req).userId}/`) : key.startsWith(LETTER_KEY_ROOT);
  return async (app: FastifyInstance) => {
    await app.register(fastifyMultipart, {
      limits: {
        fields: 8,
        fieldSize: 4096,
        fieldNameSize: 100,
        files: 1,
        parts: 10,
        fileSize: FILE_MAX_BYTES + 1,
        headerPairs: 50,
      },
    });
    app.post(path.replace(/^\/(api|public)/, ''), { bodyLimit: FILE_MAX_BYTES + 64 * 1024 }, async (req, reply) => {
      if (!req.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Uploads must be sent as multipart form data.' });
      const fields: Record<string, string> = {};
      let stored = false;
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          // As S3 does, fields after the file are ignored.
          if (!stored) fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || stored) {
          part.file.resume();
          throw policyRefused();
        }
        const { key = '', policy = '', signature = '' } = fields;
        const check = verifyPolicy(deps.secretKey, policy, signature, key, deps.clock.now());
        if (!check.ok || !mayUpload(req, key)) {
          part.file.resume();
          throw policyRefused();
        }
        const temp = await storage.tempPath();
        let size = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _enc, done) {
            size += chunk.length;
            if (size > check.policy.maxBytes)
              done(new AppError('DOCUMENT_REJECTED', { message: FILE_MESSAGES.tooLarge }));
            else done(null, chunk);
          },
        });
        try {
          await pipeline(part.file, counter, createWriteStream(temp, { flags: 'wx' }));
          if (part.file.truncated || size > check.policy.maxBytes)
            throw new AppError('DOCUMENT_REJECTED', { message: FILE_MESSAGES.tooLarge });
          if (size < check.policy.minBytes) throw new AppError('DOCUMENT_REJECTED', { message: FILE_MESSAGES.empty });
          await storage.writeUpload(key, temp);
          stored = true;
        } catch (err) {
          await rm(temp, { force: true });
          throw err;
        }
      }
      if (!stored) throw policyRefused();
      // As S3 answers a presigned POST without success_action_status.
      return reply.status(204).send();
    });
  };
}
