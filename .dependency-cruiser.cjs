// The server's layer rules (docs/architecture.md, "Layers"), checked by `npm run check:layers`
// (scripts/check-layers.mjs) in `npm test`. The web app's feature boundaries stay in biome.json.

/**
 * The auth service's folders (and its two root files), from the top down. A part may import only
 * the parts on the rows below its own: not upwards, and not sideways within its row, so that each
 * folder reads alone. A new folder under server/auth gets a row here, or the check refuses it.
 */
const AUTH_LAYERS = [
  ["index.ts"], // builds the service: everything below
  ["routes/"], // the endpoints, with the request mappers that only they use
  ["sign-in/", "access/"], // issuing sessions; who is calling (project keys, tokens)
  ["auth-env.ts"], // AuthDeps: the bag of stores and services the routes are built from
  ["social/", "webhooks/", "jobs/"], // OAuth providers; webhook deliveries; housekeeping
  ["render/", "policy/", "mail/"], // wire shapes of the answers; config and sign-up rules; mails
  ["stores/"], // rows in, records out: no rules, no answers, no mail
  ["wire/", "crypto/"], // reading requests (headers, bodies, shared field schemas); tokens and hashes
  ["errors/"], // the known errors and StatusError: the leaf everyone throws from
];

const AUTH = "^server/auth/";
const TEST_FILE = "\\.test\\.tsx?$";
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const pathOf = (part) => `${AUTH}${literal(part)}${part.endsWith("/") ? "" : "$"}`;

const authLayerRules = AUTH_LAYERS.flatMap((row, index) => {
  const rowAndAbove = AUTH_LAYERS.slice(0, index + 1).flat();
  // The top row has nothing above it or beside it (an empty list would match every path).
  const forbiddenFor = (part) => rowAndAbove.filter((other) => other !== part);
  return row
    .filter((part) => forbiddenFor(part).length > 0)
    .map((part) => ({
      name: "auth-layer-order",
      comment: `server/auth/${part} imports only the parts below its row in AUTH_LAYERS (.dependency-cruiser.cjs)`,
      severity: "error",
      from: { path: pathOf(part), pathNot: TEST_FILE },
      to: { path: forbiddenFor(part).map(pathOf) },
    }));
});

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circles, type-only imports included: every file reads with what it imports below it.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-imports-only-contract",
      comment: "The web app (src/) imports from server/ only server/contract.",
      severity: "error",
      // The tests that compare the browser's side with the server's own modules may read it (as in biome.json).
      from: {
        path: "^src/",
        pathNot: [
          "^src/lib/errors/error-texts\\.test\\.ts$",
          "^src/features/database/workbench/pick-statements\\.test\\.ts$",
        ],
      },
      to: { path: "^server/", pathNot: "^server/contract/" },
    },
    {
      name: "contract-stands-alone",
      comment: "server/contract imports nothing of the project outside itself (packages such as zod are fine).",
      severity: "error",
      from: { path: "^server/contract/" },
      to: { path: "^(src|server|scripts|tests|locales)/", pathNot: "^server/contract/" },
    },
    {
      name: "api-and-auth-apart",
      comment: "The app API and the auth service never import each other; they meet over HTTP (the Stack SDK).",
      severity: "error",
      from: { path: "^server/api/" },
      to: { path: "^server/auth/" },
    },
    {
      name: "api-and-auth-apart",
      comment: "The app API and the auth service never import each other; they meet over HTTP (the Stack SDK).",
      severity: "error",
      from: { path: "^server/auth/" },
      to: { path: "^server/api/" },
    },
    {
      name: "lib-and-http-import-no-service",
      comment: "server/lib and server/http serve both services, so they import neither.",
      severity: "error",
      from: { path: "^server/(lib|http)/" },
      to: { path: "^server/(api|auth)/" },
    },
    {
      name: "auth-part-unplaced",
      comment: "Every folder and root file of server/auth has its row in AUTH_LAYERS (.dependency-cruiser.cjs).",
      severity: "error",
      from: { path: AUTH, pathNot: AUTH_LAYERS.flat().map(pathOf) },
      to: {},
    },
    ...authLayerRules,
  ],
  options: {
    // What the checks read: the web app and the server, their tests included.
    includeOnly: "^(src|server)/",
    // .tsx (React components) is not read: the cruiser's swc parser reads TSX only from
    // dependency-cruiser 18, which needs Node 22.13+, and the project admits Node 20.19 and 22.12.
    // The web app's rules over .tsx are Biome's (biome.json, scripts/feature-boundaries.mjs).
    exclude: { path: ["^src/routeTree\\.gen\\.ts$", "\\.tsx$"] },
    doNotFollow: { path: "node_modules" },
    // Type-only imports tie files as much as any other for a reader.
    tsPreCompilationDeps: true,
    // TypeScript 7 (tsc) has no JavaScript API for the cruiser to parse with; swc parses TypeScript.
    parser: "swc",
    // tsconfig.json's paths (@/, @contract/) are given as aliases by scripts/check-layers.mjs:
    // TypeScript 7 has no API for the cruiser to read a tsconfig with.
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".mjs", ".js"] },
  },
};
