import { t } from "@lingui/core/macro";
import { apiRequestRaw } from "@/lib/api-client";
import { notify } from "@/lib/notify";

/**
 * The one-time project initialisation after the first sign-in or verification: announce it,
 * call POST /api/v1/auth/verify, and succeed only on status 200.
 */
export async function initializeProject(): Promise<boolean> {
  const toastId = "project-init";
  notify.loading(t`Initializing project...`, { id: toastId });
  const response = await apiRequestRaw("/auth/verify", { method: "POST" }).catch(() => undefined);
  if (response?.status === 200) {
    notify.success(t`Project initialized`, { id: toastId });
    return true;
  }
  const message = await errorMessageOf(response);
  notify.error(message ?? t`An error occurred`, { id: toastId });
  return false;
}

async function errorMessageOf(response: Response | undefined): Promise<string | undefined> {
  if (!response) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (Array.isArray(body) && body[1] && typeof body[1].message === "string") return body[1].message;
  return undefined;
}
