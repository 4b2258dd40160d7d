import type { ReactNode } from "react";

/**
 * A titled card of the account and team pages. Its one column may shrink below its content's
 * width, so a long e-mail address in a select or a list never widens the page on a phone.
 */
export function AccountSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border border-white/10 bg-white/5 p-4"
    >
      <h2 id={id} className="text-lg font-medium text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}
