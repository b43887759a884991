/** An error said out loud to screen readers (role="alert"), or nothing. */
export function Alert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="alert">
      {message}
    </p>
  );
}

/**
 * What the page did, said politely to screen readers (role="status"). The line stays in the page even when
 * empty, so that a new message in it is heard.
 */
export function Notice({ message }: { message: string | undefined }) {
  return (
    <p role="status" className="console-notice">
      {message ?? ''}
    </p>
  );
}
