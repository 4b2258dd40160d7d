import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import type { RecentUser } from "./metrics-api";

/** A short list of users with the moment that put them on it (signed up, or last active). */
export function RecentUsers({
  title,
  users,
  at,
}: {
  title: string;
  users: RecentUser[];
  at: (user: RecentUser) => number;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid content-start gap-2 rounded-lg border border-white/10 bg-white/5 p-4"
    >
      <h3 id={headingId} className="font-medium text-white">
        {title}
      </h3>
      {users.length === 0 ? (
        <p className="text-sm text-slate-300">{t`No users yet.`}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {users.map((user) => (
            <li key={user.id} className="flex justify-between gap-3">
              <Link
                to="/admin/users/$userId"
                params={{ userId: user.id }}
                className="truncate text-indigo-300 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-300"
              >
                {user.display_name ?? t`(no name)`}
              </Link>
              <time className="shrink-0 text-slate-400" dateTime={new Date(at(user)).toISOString()}>
                {i18n.date(new Date(at(user)), { dateStyle: "medium", timeStyle: "short" })}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
