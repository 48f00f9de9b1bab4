import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Express, Request, Response } from 'express';
import { isDatabaseUnavailable } from '#db/client.ts';
import {
  AppError,
  ErrorCode,
  httpStatusOf,
  notFound,
  RETRY_AFTER_SECONDS,
  serviceUnavailable,
} from '#server/errors/app-error.ts';
import type { Inflight } from '#server/lib/inflight.ts';
import type { Services } from '#server/modules/services.ts';
import { sendError } from '#server/rest/router.ts';
import { cors } from './setup-http.ts';

// Media over HTTP (ADR 033): the signed PUT target of embedded mode and the processed pictures.
// Both are thin: the uploads service checks signatures, sizes and content.
export function mountUploads(app: Express, options: { services: Services; inflight: Inflight }) {
  const { uploads } = options.services;

  const fail = (req: Request, res: Response, err: unknown) => {
    if (err instanceof AppError) {
      // The file is refused by its content: say so in the status too (415 not an image, 413 too big).
      const status =
        err.key === 'upload.tooLarge' ? 413 : err.key === 'upload.notImage' ? 415 : httpStatusOf[err.code];
      // A body we stopped reading must not be read as the next request.
      if (status === 413) res.setHeader('Connection', 'close');
      const message = err.localizedMessage();
      res.status(status).json({ message, reason: message, code: err.code, reasonCode: err.reason });
      return;
    }
    if (isDatabaseUnavailable(err)) {
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return sendError(res, serviceUnavailable(err));
    }
    const errorId = crypto.randomUUID();
    req.log.error({ err, errorId }, 'unexpected error in uploads');
    sendError(res, new AppError(ErrorCode.INTERNAL_SERVER_ERROR, 'error.internal', { params: { errorId } }));
  };

  app.use('/uploads', cors);
  app.put('/uploads/put/*key', (req: Request, res: Response) => {
    const key = (req.params as { key: string[] }).key.join('/');
    void options.inflight.track(async () => {
      try {
        const result = await uploads.receiveLocalPut(key, req.query, req.header('content-type'), req);
        res.json({ fileUrl: result.fileUrl, profilePicture: uploads.pictureOf(result.user) });
      } catch (err) {
        fail(req, res, err);
      }
    });
  });

  app.get('/media/*key', (req: Request, res: Response) => {
    const key = (req.params as { key: string[] }).key.join('/');
    void options.inflight.track(async () => {
      try {
        const found = await uploads.openMedia(key);
        if (!found) return sendError(res, notFound('error.routeNotFound'));
        res.setHeader('Content-Type', found.contentType);
        if (found.contentLength !== undefined) res.setHeader('Content-Length', String(found.contentLength));
        // Names carry the upload's id: a file never changes, a new picture gets a new name.
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
        res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
        await pipeline(found.body, res);
      } catch (err) {
        if (res.headersSent) {
          req.log.warn({ err }, 'media stream failed');
          res.destroy();
          return;
        }
        fail(req, res, err);
      }
    });
  });
}
