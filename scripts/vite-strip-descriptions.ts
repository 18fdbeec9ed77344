/**
 * A Vite build plugin that drops the statechart's `description` strings from the production bundle. They document
 * the states and transitions for the Stately inspector (development only) and for `npm run paths` (which reads the
 * source), and the page never reads them: about 2 KB gzipped of the first-paint JavaScript (issue 6). Only
 * `description` properties whose value is a plain string, in object literals of src/machines/, are removed; the
 * source keeps them, and dev and tests use the source.
 */
import { parseSync, Visitor, type ESTree, type Plugin } from 'vite';

const MACHINE_FILE = /[\\/]src[\\/]machines[\\/][^\\/]+\.ts$/;

function isPlainString(node: ESTree.Expression): boolean {
  return (
    (node.type === 'Literal' && typeof node.value === 'string') ||
    (node.type === 'TemplateLiteral' && node.expressions.length === 0)
  );
}

/** The source without its `description: '...'` properties (each with the comma that follows it). */
export function stripDescriptions(code: string, filename: string): string {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) return code;
  const cuts: Array<[number, number]> = [];
  new Visitor({
    ObjectExpression(object) {
      for (const prop of object.properties) {
        if (prop.type !== 'Property' || prop.computed || prop.kind !== 'init') continue;
        const key =
          prop.key.type === 'Identifier' ? prop.key.name : prop.key.type === 'Literal' ? prop.key.value : null;
        if (key !== 'description' || !isPlainString(prop.value as ESTree.Expression)) continue;
        let end = prop.end;
        const comma = /^\s*,\s*/.exec(code.slice(end));
        if (comma) end += comma[0].length;
        cuts.push([prop.start, end]);
      }
    },
  }).visit(program);
  let out = code;
  for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + out.slice(end);
  return out;
}

/** The plugin (production builds only). */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'upgrades:strip-descriptions',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!MACHINE_FILE.test(id)) return null;
      const out = stripDescriptions(code, id);
      return out === code ? null : { code: out, map: null };
    },
  };
}
