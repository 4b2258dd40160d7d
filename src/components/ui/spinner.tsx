import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/cn";

/** A decorative spinner; pair it with text or an aria-label on the surrounding element. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-4 animate-spin", className)} />;
}
