import { t } from "@lingui/core/macro";
import { ApiError, apiRequestRaw, unwrapPair, withErrorTexts } from "@/lib/api-client";
import { errorText } from "@/lib/errors/error-text";
import { i18n } from "@/lib/i18n";
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
  const refusal = await refusalOf(response);
  notify.error(refusal ? errorText(i18n, refusal) : t`An error occurred`, { id: toastId });
  return false;
}

/** The app API's refusal in the answer, as the ApiError errorText() translates; none for other answers. */
async function refusalOf(response: Response | undefined): Promise<ApiError | undefined> {
  if (!response) return undefined;
  const body: unknown = await response.json().catch(() => undefined);
  if (!Array.isArray(body) || !body[1]) return undefined;
  try {
    await withErrorTexts(async () => unwrapPair(body, response.status));
  } catch (error) {
    if (error instanceof ApiError) return error;
  }
  return undefined;
}
