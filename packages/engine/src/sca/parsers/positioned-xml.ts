// A small XML reader that keeps the line of every element, for pom.xml and the NuGet formats.
// Chosen over fast-xml-parser, which gives no positions (a second text pass would have to guess
// which `<artifactId>` is which). No DTDs: a DOCTYPE that declares entities is refused, so no
// entity expansion (billion laughs, external entities) can happen.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
}

export class XmlSyntaxError extends Error {}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith("#x") || entity.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity] ?? whole;
  });
}

const MAX_DEPTH = 500;

export function parseXml(source: string): XmlElement {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  let position = 0;
  let line = 1;
  let lineCountedTo = 0;
  const lineAt = (offset: number): number => {
    for (
      let index = text.indexOf("\n", lineCountedTo);
      index !== -1 && index < offset;
      index = text.indexOf("\n", index + 1)
    )
      line++;
    lineCountedTo = Math.max(lineCountedTo, offset);
    return line;
  };
  const fail = (message: string): never => {
    throw new XmlSyntaxError(`${message} at line ${lineAt(position)}`);
  };
  const skipPast = (terminator: string, what: string): void => {
    const end = text.indexOf(terminator, position);
    if (end === -1) fail(`unterminated ${what}`);
    position = end + terminator.length;
  };

  const document: XmlElement = { name: "#document", attributes: {}, children: [], text: "", line: 1 };
  const stack: XmlElement[] = [document];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
  const attribute = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  while (position < text.length) {
    const next = text.indexOf("<", position);
    const current = stack[stack.length - 1]!;
    if (next === -1) {
      if (text.slice(position).trim() !== "") fail("text after the root element");
      break;
    }
    if (next > position) current.text += decode(text.slice(position, next));
    position = next;
    if (text.startsWith("<!--", position)) skipPast("-->", "comment");
    else if (text.startsWith("<![CDATA[", position)) {
      const end = text.indexOf("]]>", position);
      if (end === -1) fail("unterminated CDATA");
      current.text += text.slice(position + 9, end);
      position = end + 3;
    } else if (text.startsWith("<?", position)) skipPast("?>", "processing instruction");
    else if (text.startsWith("<!DOCTYPE", position)) {
      const end = text.indexOf(">", position);
      if (end === -1 || /<!ENTITY|\[/.test(text.slice(position, end)))
        fail("DOCTYPE with declarations is not supported");
      position = end + 1;
    } else {
      tag.lastIndex = position;
      const match = tag.exec(text);
      if (match === null) return fail("malformed tag");
      const [, closing, name, rawAttributes, selfClosing] = match as unknown as [
        string,
        string,
        string,
        string,
        string,
      ];
      const tagLine = lineAt(position);
      position = tag.lastIndex;
      if (closing === "/") {
        if (current.name !== name) fail(`</${name}> closes <${current.name}>`);
        current.text = current.text.trim();
        stack.pop();
        continue;
      }
      const attributes: Record<string, string> = Object.create(null);
      for (const [, key, double, single] of rawAttributes.matchAll(attribute))
        attributes[key!] = decode(double ?? single ?? "");
      const element: XmlElement = { name, attributes, children: [], text: "", line: tagLine };
      current.children.push(element);
      if (selfClosing !== "/") {
        if (stack.length > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH} levels`);
        stack.push(element);
      }
    }
  }
  if (stack.length > 1) fail(`<${stack[stack.length - 1]!.name}> is not closed`);
  const root = document.children[0];
  if (root === undefined || document.children.length > 1) fail("expected one root element");
  return root!;
}

/** Child elements by (local) name, ignoring any namespace prefix. */
export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  if (element === undefined) return [];
  return element.children.filter((child) => child.name === name || child.name.endsWith(`:${name}`));
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return children(element, name)[0];
}

export function childText(element: XmlElement | undefined, name: string): string | undefined {
  const found = child(element, name);
  return found === undefined ? undefined : found.text.trim();
}
