import type { AuthApp, AuthDeps } from "../auth-env.ts";
import { StatusError } from "../errors/status-error.ts";
import { readImage } from "../stores/images.ts";

/**
 * Images callers uploaded as data URLs (profile images, logos), served without credentials as
 * Stack serves them from its public storage; ids are random, types checked on upload, never SVG.
 */
export function registerImages(app: AuthApp, deps: AuthDeps): void {
  app.get("/images/:projectId/:file", async (c) => {
    const image = await readImage(deps.ctx.store, c.req.param("projectId"), c.req.param("file"));
    if (!image) throw new StatusError("IMAGE_NOT_FOUND", "No such image.");
    return c.body(new Uint8Array(image.data), 200, {
      "content-type": image.contentType,
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "cross-origin-resource-policy": "cross-origin",
    });
  });
}
