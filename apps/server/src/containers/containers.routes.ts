// Container Security: the findings of the tenant's images (spec part 2, GET
// /api/tenants/{id}/containers), its uploaded images, and the upload itself: the raw body of
// `POST /api/tenants/{id}/images` is a `docker save` or OCI image tarball, streamed to disk.
import { Readable } from "node:stream";
import { ErrorBody } from "@rampart/contracts/common";
import {
  ContainerFindingList,
  ContainerImage,
  ContainerImageList,
  ImageUploadQuery,
} from "@rampart/contracts/containers";
import { TenantParams } from "@rampart/contracts/tenants";
import type { onRequestAsyncHookHandler } from "fastify";
import { currentUser } from "../auth/authenticate.ts";
import { AppError } from "../errors.ts";
import type { App } from "../http/types.ts";
import type { TenantAccessService } from "../tenants/tenant-access.ts";
import { type ImagesService, toContainerImage } from "./images.service.ts";

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 415: ErrorBody };

/** What `docker save`, `skopeo copy … oci-archive:` and browsers send for such a file. */
export const IMAGE_CONTENT_TYPES = [
  "application/x-tar",
  "application/tar",
  "application/octet-stream",
  "application/gzip",
  "application/x-gzip",
];

export function registerContainerRoutes(
  app: App,
  deps: { images: ImagesService; access: TenantAccessService; authenticate: onRequestAsyncHookHandler },
) {
  const guarded = { onRequest: deps.authenticate };

  app.get(
    "/api/tenants/:tenantId/containers",
    {
      ...guarded,
      schema: {
        tags: ["containers"],
        params: TenantParams,
        response: { 200: ContainerFindingList, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      await deps.access.require(tenantId, currentUser(request).id, "read");
      return deps.images.findings(tenantId);
    },
  );

  app.get(
    "/api/tenants/:tenantId/images",
    {
      ...guarded,
      schema: {
        tags: ["containers"],
        params: TenantParams,
        response: { 200: ContainerImageList, ...errors },
      },
    },
    async (request) => {
      const { tenantId } = request.params;
      await deps.access.require(tenantId, currentUser(request).id, "read");
      return deps.images.list(tenantId);
    },
  );

  // The tarball is the body: a scope of its own passes it through as a stream (no buffering, no
  // JSON parsing), and the service caps its size while writing it to disk.
  app.register(async (scope: App) => {
    scope.addContentTypeParser(IMAGE_CONTENT_TYPES, (_request, payload, done) => done(null, payload));
    scope.post(
      "/api/tenants/:tenantId/images",
      {
        ...guarded,
        schema: {
          tags: ["containers"],
          params: TenantParams,
          querystring: ImageUploadQuery,
          response: { 202: ContainerImage, ...errors },
        },
      },
      async (request, reply) => {
        const { tenantId } = request.params;
        const user = currentUser(request);
        await deps.access.require(tenantId, user.id, "write");
        // Other content types (JSON, forms) are parsed by the app's parsers into objects.
        if (!(request.body instanceof Readable)) {
          throw new AppError(
            "bad_request",
            `Send the image tarball itself as the request body, with Content-Type ${IMAGE_CONTENT_TYPES.join(", ")}`,
          );
        }
        const image = await deps.images.receive({
          tenantId,
          userId: user.id,
          name: request.query.name,
          body: request.body,
        });
        return reply.status(202).send(toContainerImage(image));
      },
    );
  });
}
