import type { ReactNode } from "react";

/** A titled card of the account page. */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3 rounded-lg border border-white/10 bg-white/5 p-4">
      <h2 id={id} className="text-lg font-medium text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
