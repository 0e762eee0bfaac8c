// gradle/verification-metadata.xml: Gradle's dependency verification file lists every module the
// build resolved, `<component group="…" name="…" version="…">` under `<components>`, with the
// checksums of its artifacts. Plugins and build tools are listed too and cannot be told apart
// from the application's dependencies, so every component is reported as prod, not direct.
import { describeError, failure, type ManifestParser, PackageCollector } from "./common.ts";
import { children, parseXml, type XmlElement } from "./positioned-xml.ts";

export const parseGradleVerificationMetadata: ManifestParser = (path, text) => {
  let root: XmlElement;
  try {
    root = parseXml(text);
  } catch (error) {
    return failure(path, `invalid XML: ${describeError(error)}`);
  }
  if (root.name !== "verification-metadata" && !root.name.endsWith(":verification-metadata"))
    return failure(path, `not a Gradle verification-metadata.xml: root element <${root.name}>`);
  const collector = new PackageCollector("Maven", path);
  for (const components of children(root, "components")) {
    for (const component of children(components, "component")) {
      const { group, name, version } = component.attributes;
      if (!group || !name || !version) continue;
      collector.add({ name: `${group}:${name}`, version, direct: false, dev: false, line: component.line });
    }
  }
  return collector.finish();
};
