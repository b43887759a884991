/** An error said out loud to screen readers (role="alert"), or nothing. */
export function Alert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert">
      {message}
    </p>
  );
}
