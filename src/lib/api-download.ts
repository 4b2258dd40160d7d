import { type ApiRequestInit, apiRequestRaw, throwAsNetworkError, unwrapPair, withErrorTexts } from "./api-client";
import { saveBlob } from "./download";

/** The name the server gave the file (Content-Disposition's `filename*`), else `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const exact = /filename\*=UTF-8''([^;]+)/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return exact ? decodeURIComponent(exact) : fallback;
}

/**
 * Fetches a file the app API streams (an export, a dump, a backup) and saves it under the server's
 * name or `fallbackName`, typed `asType` when the server's type would change its name. The browser
 * collects it as a Blob (kept on disk past its memory budget); a refusal arrives as the usual
 * `[null, error]` pair.
 */
export function saveApiFile(path: string, init: ApiRequestInit, fallbackName: string, asType?: string): Promise<void> {
  return withErrorTexts(async () => {
    const response = await apiRequestRaw(path, init);
    if (!response.ok) unwrapPair(await response.json().catch(() => undefined), response.status);
    // The stream broke midway (the server breaks it rather than ending it short).
    const blob = await response.blob().catch((cause: unknown) => throwAsNetworkError(cause));
    saveBlob(fileNameOf(response, fallbackName), asType ? new Blob([blob], { type: asType }) : blob);
  });
}
