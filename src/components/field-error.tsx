/** A form's refusal under its fields, read out as soon as it appears. */
export function FieldError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-300">
      {message}
    </p>
  );
}
