// The shared modules' superstruct definitions out of the browser's first load
// (issue 12). A module such as shared/catalogue.ts holds constants the browser
// uses (the categories, the sorts) beside the structs the server checks
// requests with. esbuild keeps every top-level statement that may have a side
// effect, and to it a call (`object({...})`, `text('name', ...)`) or a property
// read (`ContactFields.schema.email`) may: every struct of every shared module
// the page imports came along, and superstruct with them.
//
// The browser build rewrites each top-level `const` of a shared module that
// imports superstruct as a call marked pure, `/* @__PURE__ */ (() => (…))()`,
// which esbuild drops when nothing uses the constant and keeps, unchanged in
// effect, when something does. Sound because a shared module's definitions only
// build values (src/shared/README.md says so); the server runs the sources as
// they are.
import ts from 'typescript';

const SHARED = /^src\/shared\/[^/]+\.ts$/;
const IMPORTS_SUPERSTRUCT = /^import\s+\{[^}]*\}\s+from\s+'superstruct';/m;

/** Whether `file` (relative to the project, '/'-separated) may be rewritten: known from its path alone. */
export function isShared(file) {
  return SHARED.test(file);
}

/** Whether `file` (relative to the project, '/'-separated) is rewritten by `pureDefinitions`. */
export function hasDefinitions(file, code) {
  return isShared(file) && IMPORTS_SUPERSTRUCT.test(code);
}

/** `code` with the initializer of every top-level const wrapped in a pure call. */
export function pureDefinitions(code) {
  const source = ts.createSourceFile('module.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const spans = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer;
      if (init && !isLiteral(init)) spans.push([init.getStart(source), init.getEnd()]);
    }
  }
  let out = code;
  for (const [start, end] of spans.reverse())
    out = `${out.slice(0, start)}/* @__PURE__ */ (() => (${out.slice(start, end)}))()${out.slice(end)}`;
  return out;
}

/** Values esbuild already knows to be free of side effects: left as they are. */
function isLiteral(node) {
  return (
    ts.isStringLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isRegularExpressionLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword
  );
}
