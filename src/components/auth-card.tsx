import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Logo } from "@/components/logo";
import { Spinner } from "@/components/ui/spinner";

/** The frame of every public auth page: product mark, a heading and the page's content. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-white/10 bg-slate-900/70 p-6 shadow-2xl backdrop-blur">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo className="size-10" />
          <h1 className="text-2xl font-semibold text-white">{title}</h1>
          {description && <div className="text-sm text-slate-300">{description}</div>}
        </div>
        {children}
      </div>
    </main>
  );
}

/** An inline error under a form, read out as soon as it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-red-400/40 bg-red-950/50 px-3 py-2 text-sm text-red-200">
      {message}
    </p>
  );
}

/** A public auth page that cannot go on: why (read out at once), and what the visitor can do next. */
export function AuthCardFailure({ title, message, action }: { title: string; message: ReactNode; action: ReactNode }) {
  return (
    <AuthCard title={title}>
      <div className="grid gap-4 text-center">
        <p role="alert" className="text-red-200">
          {message}
        </p>
        {action}
      </div>
    </AuthCard>
  );
}

/** A public auth page at work (a code being redeemed, the session being read). */
export function AuthCardWaiting({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <AuthCard title={title}>
      <p role="status" className="flex items-center justify-center gap-2 text-slate-200">
        <Spinner />
        {t`Please wait...`}
      </p>
    </AuthCard>
  );
}
