import { toast } from "sonner";
import { announce } from "./announcer";

/**
 * Toasts that are also spoken: every message goes to sonner and to the live region, so
 * screen-reader users hear it even when the toast is gone before they get there.
 */
export const notify = {
  success(message: string, options?: { id?: string | number }) {
    announce(message);
    return toast.success(message, options);
  },
  error(message: string, options?: { id?: string | number }) {
    announce(message, "assertive");
    return toast.error(message, options);
  },
  loading(message: string, options?: { id?: string | number }) {
    announce(message);
    return toast.loading(message, options);
  },
  dismiss(id?: string | number) {
    toast.dismiss(id);
  },
};
