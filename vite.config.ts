import { fileURLToPath } from "node:url";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { bundleReport } from "./scripts/vite-bundle-report.ts";
import { linguiMacros } from "./scripts/vite-lingui-macros.ts";
import { monacoLocal } from "./scripts/vite-monaco-local.ts";
import { precompress } from "./scripts/vite-precompress.ts";
import { pwa } from "./scripts/vite-pwa.ts";

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    tanstackRouter({ target: "react", autoCodeSplitting: true, routesDirectory: "src/routes" }),
    react(),
    monacoLocal(),
    linguiMacros(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
    tailwindcss(),
    pwa(),
    precompress(),
    bundleReport(),
  ],
  resolve: {
    alias: {
      "@contract": fileURLToPath(new URL("./server/contract", import.meta.url)),
      "@": fileURLToPath(new URL("./src", import.meta.url)),
    },
  },
  server: {
    proxy: {
      "/api": { target: apiTarget, ws: true },
      "/auth": apiTarget,
      "/config.json": apiTarget,
      "/healthz": apiTarget,
    },
  },
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 4096,
  },
});
