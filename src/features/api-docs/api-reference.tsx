import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { openApiQueries } from '../../api/openapi.ts';
import type {
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  Reference,
  ResponseObject,
} from '../../contract/openapi.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { jsonSchemaOf, limitsText, resolve } from './schema-text.ts';
import { Prose, SchemaView, schemaAnchor, TypeOf } from './schema-view.tsx';
import './api-reference.css';

/**
 * The API reference: the service's own OpenAPI document (GET /v1/openapi.json), read from the service the app
 * talks to and shown as a page, offline, with nothing fetched but the document: each operation with its
 * parameters, body and answers, then every schema they name. Loaded only when opened (#api).
 */
export function ApiReference({ onClose }: { onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const document = useQuery(openApiQueries.document());
  useEffect(() => heading.current?.focus(), []);
  return (
    <aside
      className="api-docs"
      aria-labelledby="api-docs-title"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="api-docs-header">
        <h2 id="api-docs-title" ref={heading} tabIndex={-1}>
          API reference
        </h2>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </header>
      <QueryState query={document} what="the API description">
        {(data) => <ReferencePage document={data} />}
      </QueryState>
    </aside>
  );
}

function ReferencePage({ document }: { document: OpenApiDocument }) {
  const { info } = document;
  const operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <>
      <p className="api-limits">
        OpenAPI {document.openapi} · version {info.version} · code list {String(info['x-psgc-vintage'])} ·{' '}
        {String(info['x-api-flavour'])} answers · <SaveDocument document={document} />
      </p>
      {info.description.split('\n\n').map((paragraph) => (
        <p key={paragraph}>
          <Prose text={paragraph} />
        </p>
      ))}
      {(document.tags ?? []).map((tag) => (
        <section key={tag.name} aria-labelledby={`api-tag-${tag.name}`}>
          <h3 id={`api-tag-${tag.name}`}>{tag.name}</h3>
          <p>{tag.description}</p>
          {operations
            .filter(({ operation }) => operation?.tags.includes(tag.name))
            .map(({ path, method, operation }) => (
              <Operation
                key={`${method} ${path}`}
                document={document}
                path={path}
                method={method}
                operation={operation!}
              />
            ))}
        </section>
      ))}
      <section aria-labelledby="api-schemas">
        <h3 id="api-schemas">Schemas</h3>
        {Object.entries(document.components.schemas).map(([name, schema]) => (
          <details key={name} id={schemaAnchor(name)} className="api-component">
            <summary>
              <h4>{name}</h4>
            </summary>
            <SchemaView schema={schema} />
          </details>
        ))}
      </section>
    </>
  );
}

function Operation(props: { document: OpenApiDocument; path: string; method: string; operation: OperationObject }) {
  const { document, path, method, operation } = props;
  const parameters = (operation.parameters ?? []).map((p) => resolve<ParameterObject>(document, p));
  const body = jsonSchemaOf(operation.requestBody);
  return (
    <details className="api-operation">
      <summary>
        <span className={`api-method api-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>{' '}
        {operation.summary}
      </summary>
      {operation.description && (
        <p>
          <Prose text={operation.description} />
        </p>
      )}
      {parameters.length > 0 && (
        <>
          <h5>Parameters</h5>
          <ul className="api-fields">
            {parameters.map((p) => (
              <li key={`${p.in} ${p.name}`}>
                <code>{p.name}</code> <span className="api-limits">in {p.in}</span> <TypeOf schema={p.schema} />
                {p.required && <span className="api-required"> required</span>}
                {p.description && (
                  <span>
                    {' '}
                    · <Prose text={p.description} />
                  </span>
                )}
                <SchemaLimits parameter={p} />
              </li>
            ))}
          </ul>
        </>
      )}
      {body && (
        <>
          <h5>Body (application/json)</h5>
          {operation.requestBody?.description && (
            <p>
              <Prose text={operation.requestBody.description} />
            </p>
          )}
          <SchemaView schema={body} />
        </>
      )}
      <h5>Answers</h5>
      <ul className="api-answers">
        {Object.entries(operation.responses).map(([status, answer]) => (
          <Answer key={status} document={document} status={status} answer={answer} />
        ))}
      </ul>
    </details>
  );
}

function SchemaLimits({ parameter }: { parameter: ParameterObject }) {
  const limits = limitsText(parameter.schema);
  return limits.length ? <span className="api-limits"> · {limits.join(' · ')}</span> : null;
}

function Answer(props: { document: OpenApiDocument; status: string; answer: ResponseObject | Reference }) {
  const answer = resolve<ResponseObject>(props.document, props.answer);
  const schema = jsonSchemaOf(answer);
  return (
    <li>
      <strong>{props.status}</strong> <Prose text={answer.description} />
      {schema?.$ref ? (
        <>
          {' '}
          · <TypeOf schema={schema} />
        </>
      ) : (
        schema && <SchemaView schema={schema} />
      )}
    </li>
  );
}

/** The document as a file, for a client generator: it came with the key, which a plain link would not send. */
function SaveDocument({ document }: { document: OpenApiDocument }) {
  return (
    <button
      type="button"
      className="link"
      onClick={() => {
        const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }));
        const link = Object.assign(window.document.createElement('a'), { href: url, download: 'openapi.json' });
        link.click();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }}
    >
      Save openapi.json
    </button>
  );
}
