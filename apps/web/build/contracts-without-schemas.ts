import { type Plugin, parseAst } from 'vite';

const CONTRACTS_SRC = /[\\/]packages[\\/]shared[\\/]src[\\/].*\.contracts\.ts$/;
/** What only the server and the API docs read: the schemas, and the docs' Chinese summary and description. */
const SCHEMA_KEYS = new Set(['params', 'query', 'body', 'response', 'summary', 'description']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };
const isNode = (v: unknown): v is Node => !!v && typeof v === 'object' && typeof (v as Node).type === 'string';

/** The source with each schema and docs field of every `defineContracts(tag, { … })` entry replaced by `void 0`. */
export function stripContractSchemas(code: string): string | null {
  const edits: { start: number; end: number; text?: string }[] = [];
  const visit = (node: Node): void => {
    if (node.type === 'CallExpression') {
      const callee = node.callee as Node;
      const entries = (node.arguments as Node[])[1];
      if (callee.type === 'Identifier' && callee.name === 'defineContracts' && entries?.type === 'ObjectExpression') {
        for (const entry of entries.properties as Node[]) {
          const value = entry.value as Node | undefined;
          if (entry.type !== 'Property' || value?.type !== 'ObjectExpression') continue;
          for (const field of value.properties as Node[]) {
            const key = field.key as Node & { name?: string };
            if (field.type === 'Property' && key.type === 'Identifier' && SCHEMA_KEYS.has(key.name ?? '')) {
              // a shorthand `{ description }` keeps its key: `{ description: void 0 }`
              const value = field.value as Node;
              if (field.shorthand) edits.push({ start: value.start, end: value.end, text: `${key.name}: void 0` });
              else edits.push({ start: value.start, end: value.end });
            }
          }
        }
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const v of value) isNode(v) && visit(v);
      else if (isNode(value)) visit(value);
    }
  };
  visit(parseAst(code) as unknown as Node);
  if (edits.length === 0) return null;
  let out = code;
  for (const { start, end, text = 'void 0' } of edits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, start)}${text}${out.slice(end)}`;
  }
  return out;
}

/**
 * The console sends a call from its contract's method, path, base, access and kind; the zod schemas are there for the
 * types (and for the server), the summaries for the API docs. In the web build those fields become `void 0`, so a page
 * calling an endpoint does not pull zod, the module's schemas or their docs into its chunk (the login route's budget).
 */
export function contractsWithoutSchemas(): Plugin {
  return {
    name: 'pharmacy:contracts-without-schemas',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACTS_SRC.test(id)) return null;
      const out = stripContractSchemas(code);
      return out === null ? null : { code: out, map: null };
    },
  };
}
