import type { SchemaObject } from '../../contract/openapi.ts';
import { fieldsOf, limitsText, refName, typeParts } from './schema-text.ts';

/** The document's prose, its `code` spans set as code. */
export function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((piece, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order
        i % 2 ? <code key={i}>{piece}</code> : piece,
      )}
    </>
  );
}

/** The id of a component schema's section on the page. */
export const schemaAnchor = (name: string) => `api-schema-${name}`;

/** Opens a component schema's section, moves to it and focuses it (a hash link would close the page, #api). */
function SchemaLink({ name }: { name: string }) {
  return (
    <button
      type="button"
      className="link api-ref"
      onClick={() => {
        const section = document.getElementById(schemaAnchor(name));
        if (!(section instanceof HTMLDetailsElement)) return;
        section.open = true;
        section.scrollIntoView({ block: 'start' });
        section.querySelector('summary')?.focus();
      }}
    >
      {name}
    </button>
  );
}

export function TypeOf({ schema }: { schema: SchemaObject }) {
  return (
    <span className="api-type">
      {typeParts(schema).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one type, in order, never reordered
        typeof part === 'string' ? <span key={i}>{part}</span> : <SchemaLink key={i} name={part.ref} />,
      )}
    </span>
  );
}

/** What is inside a schema that its type alone does not say: its fields, or the shapes it may take. */
const inner = (schema: SchemaObject): SchemaObject[] => {
  if (refName(schema)) return [];
  if (schema.properties) return [schema];
  if (schema.items) return inner(schema.items);
  return (schema.oneOf ?? schema.anyOf ?? []).flatMap((choice) => (refName(choice) ? [] : inner(choice)));
};

/** A schema as a person reads it: its type and limits, then each field with its own, nested as deep as they go. */
export function SchemaView({ schema }: { schema: SchemaObject }) {
  const limits = limitsText(schema);
  const shapes = inner(schema);
  return (
    <div className="api-schema">
      {schema.description && (
        <p>
          <Prose text={schema.description} />
        </p>
      )}
      {!schema.properties && (
        <p>
          <TypeOf schema={schema} />
          {limits.length > 0 && <span className="api-limits"> · {limits.join(' · ')}</span>}
        </p>
      )}
      {shapes.map((shape, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the shapes of one schema, in the document's order
        <Fields key={i} schema={shape} />
      ))}
    </div>
  );
}

function Fields({ schema }: { schema: SchemaObject }) {
  const fields = fieldsOf(schema);
  if (!fields.length)
    return <p className="api-limits">An object{schema.description ? `: ${schema.description}` : ''}</p>;
  return (
    <ul className="api-fields">
      {fields.map(({ name, schema: field, required }) => {
        const limits = limitsText(field);
        return (
          <li key={name}>
            <code>{name}</code> <TypeOf schema={field} />
            {required ? <span className="api-required"> required</span> : <span className="api-limits"> optional</span>}
            {limits.length > 0 && <span className="api-limits"> · {limits.join(' · ')}</span>}
            {field.description && (
              <span>
                {' '}
                · <Prose text={field.description} />
              </span>
            )}
            {inner(field).map((shape, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the shapes of one field, in the document's order
              <Fields key={i} schema={shape} />
            ))}
          </li>
        );
      })}
    </ul>
  );
}
