// `npm run dev`: the server with reload on PORT (default 3000) and Vite with HMR on 5173, which
// proxies /api, /auth and /config.json to the server.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/serve.ts"], { stdio: "inherit" }),
  spawn("npx", ["vite", "--port", "5173"], { stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && code !== 0 && stop());
