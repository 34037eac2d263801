import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { validateXML } from 'xmllint-wasm';

// Validates generated e-Tax XML the way ETDA's own validator does: against the root XSD of the document's type
// (libxml2's xmllint, compiled to WebAssembly) and then the type's schematron business rules. The schemas are
// ETDA's, copied into ../fixtures/etda (README there names the source).

/**
 * node-schematron, loaded without its type declarations: they pull in the DOM's (through fontoxpath), which
 * would change what `fetch` and `Headers` are for every test of the package. Only what is used is typed here.
 */
interface Schema {
  validateString(xml: string): { message?: string | null }[];
}
const { Schema } = createRequire(import.meta.url)('node-schematron') as {
  Schema: { fromString(text: string): Schema };
};

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/etda');

const ROOTS = {
  tax_invoice: 'TaxInvoice',
  credit_note: 'DebitCreditNote',
  receipt: 'Receipt',
} as const;
export type EtdaDocumentKind = keyof typeof ROOTS;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : entry.name.endsWith('.xsd') ? [full] : [];
  });
}

/** Every schema file, named by its path under the fixtures, so the schemas' relative imports resolve. */
const schemaFiles = filesUnder(FIXTURES).map((file) => ({
  fileName: path.relative(FIXTURES, file),
  contents: fs.readFileSync(file, 'utf8'),
}));

const schematrons = new Map<EtdaDocumentKind, Schema>();
function schematronOf(kind: EtdaDocumentKind): Schema {
  let schema = schematrons.get(kind);
  if (!schema) {
    const file = path.join(FIXTURES, `ETDA/data/standard/${ROOTS[kind]}_Schematron_2p0.sch`);
    schema = Schema.fromString(fs.readFileSync(file, 'utf8'));
    schematrons.set(kind, schema);
  }
  return schema;
}

/** What ETDA's checks find wrong with a document: XSD errors, then schematron failures; empty when valid. */
export async function etdaProblems(xml: string, kind: EtdaDocumentKind): Promise<string[]> {
  const rootName = `ETDA/data/standard/${ROOTS[kind]}_CrossIndustryInvoice_2p0.xsd`;
  const root = schemaFiles.find((f) => f.fileName === rootName)!;
  const result = await validateXML({
    xml: [{ fileName: 'document.xml', contents: xml }],
    schema: [root],
    preload: schemaFiles.filter((f) => f !== root),
    initialMemoryPages: 1024,
    maxMemoryPages: 4096,
  });
  const problems = result.errors.map((e) => `XSD: ${e.message}`);
  if (problems.length > 0) return problems;
  return schematronOf(kind)
    .validateString(xml)
    .map((r) => `schematron: ${(r.message ?? '').replace(/\s+/g, ' ').trim()}`);
}
