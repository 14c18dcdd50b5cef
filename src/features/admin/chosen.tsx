/**
 * The members chosen so far, each with a button that takes it out, and the members' error beneath: the end of
 * both pickers (a region's places, a province's towns).
 */
export function Chosen<T extends { id: string; name: string }>({
  label,
  items,
  onRemove,
  errorId,
  error,
}: {
  label: string;
  items: T[];
  onRemove: (item: T) => void;
  errorId: string;
  error?: string;
}) {
  return (
    <>
      {items.length > 0 && (
        <ul className="chips" aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>
              {item.name}
              <button type="button" className="link" aria-label={`Remove ${item.name}`} onClick={() => onRemove(item)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <small id={errorId} className="field-error">
          {error}
        </small>
      )}
    </>
  );
}
