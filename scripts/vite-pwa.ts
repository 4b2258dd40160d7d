import type { Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

/** Never answered by the service worker's SPA fallback: they are APIs, not pages. */
const NOT_PAGES = [/^\/api\//, /^\/auth\//, /^\/config\.json$/, /^\/healthz$/];

/**
 * The installable PWA: manifest and a generated service worker that precaches the shell and every
 * lazy chunk. It caches nothing from /api or /auth (secret values must never reach a cache);
 * /config.json is network-first so an offline reload can still boot.
 */
/**
 * A build id for the persisted Query cache's buster: data a previous build stored may not fit
 * the shapes this build reads, so a new build starts from an empty cache.
 */
function buildId(): Plugin {
  const id = `${Date.now().toString(36)}`;
  return {
    name: "console-build-id",
    config: () => ({ define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(id) } }),
  };
}

export function pwa() {
  return [
    buildId(),
    ...VitePWA({
      registerType: "prompt",
      injectRegister: false,
      manifest: {
        id: "/",
        name: "App Console",
        short_name: "Console",
        description: "Manage your apps, their secrets and their PostgreSQL databases.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        background_color: "#0b1020",
        theme_color: "#0b1020",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      workbox: {
        globPatterns: ["**/*.{js,css,html,svg,png,woff2,wasm,webmanifest}"],
        // The Monaco workbench chunk is several MB; precache it so the workbench opens offline.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        navigateFallback: "/index.html",
        navigateFallbackDenylist: NOT_PAGES,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname === "/config.json",
            handler: "NetworkFirst",
            options: { cacheName: "runtime-config", networkTimeoutSeconds: 3 },
          },
        ],
      },
    }),
  ];
}
