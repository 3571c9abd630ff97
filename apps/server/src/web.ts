// The built web app (WEB_ROOT, normally apps/web/dist). Files are looked up per request, so a rebuild while the server
// runs is served at once. Hashed files under /assets never change and are cached for a year; everything else, and the
// index.html that answers every client-side route, is revalidated on each load so a new tab always names chunks that
// exist. Browsers get the build's Brotli or gzip copies when they accept them.
import { existsSync } from "node:fs";
import { join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";

function notFound(method: string, path: string) {
  return { success: false, error: `Not found: ${method} ${path}` };
}

/** JSON 404s for the API, and the web app's files and pages when `webRoot` holds a build. */
export async function registerWebApp(app: FastifyInstance, webRoot: string | null): Promise<void> {
  const hasWeb = webRoot !== null && existsSync(join(webRoot, "index.html"));
  app.setNotFoundHandler((request, reply) => {
    const [path = ""] = request.url.split("?");
    // A missing asset is a 404, not the index: a browser must not run HTML as a script.
    if (!hasWeb || path.startsWith("/api/") || path.startsWith("/assets/") || request.method !== "GET") {
      return reply.code(404).send(notFound(request.method, path));
    }
    // The web app routes on the client: every other page is its index.
    return reply.header("cache-control", REVALIDATE).type("text/html").sendFile("index.html");
  });
  if (!hasWeb) return;
  const assets = join(webRoot, "assets") + sep;
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    preCompressed: true,
    index: ["index.html"],
    setHeaders: (reply, path) => {
      reply.header("cache-control", path.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
}
