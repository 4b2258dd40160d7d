import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-8 text-center">
      <h1 className="text-4xl font-semibold text-white">
        <Trans>Not Found</Trans>
      </h1>
      <p className="text-lg text-slate-300">
        <Trans>It's gone</Trans>
      </p>
      <Link to="/" className="mt-4 rounded-md bg-indigo-500 px-4 py-2 text-white hover:bg-indigo-600">
        <Trans>Go home</Trans>
      </Link>
    </main>
  );
}
