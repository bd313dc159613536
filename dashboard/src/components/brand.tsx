export function Brand({ href = '/' }: { href?: string }) {
  // A plain link: "/" is the landing page, served by the server rather than this app.
  return (
    <a className="brand" href={href}>
      <span className="brand-mark" aria-hidden="true">
        S
      </span>
      Slotwise
    </a>
  );
}
