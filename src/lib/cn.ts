import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. There is deliberately no Tailwind class merging (tailwind-merge alone
 * weighed 8 KB gzip of the first paint): components expose props for their variants, and a
 * `className` from outside only adds utilities the component does not set itself.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
