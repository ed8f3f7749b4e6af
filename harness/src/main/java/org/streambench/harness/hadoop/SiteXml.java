package org.streambench.harness.hadoop;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.streambench.harness.UsageException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** One property of a Hadoop {@code *-site.xml}, as a user's configuration directory holds it. */
final class SiteXml {
  private SiteXml() {}

  /**
   * The value of {@code name} in {@code file}.
   *
   * @throws UsageException (one line) if the file is missing, unreadable or does not set it
   */
  static String value(Path file, String name) {
    if (!Files.isRegularFile(file)) {
      throw new UsageException(
          "--hadoop-conf: no " + file.getFileName() + " in " + file.getParent());
    }
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      NodeList properties =
          factory.newDocumentBuilder().parse(file.toFile()).getElementsByTagName("property");
      for (int i = 0; i < properties.getLength(); i++) {
        Element p = (Element) properties.item(i);
        if (name.equals(text(p, "name"))) {
          return text(p, "value");
        }
      }
    } catch (Exception e) {
      throw new UsageException("--hadoop-conf: cannot read " + file + ": " + e.getMessage());
    }
    throw new UsageException("--hadoop-conf: " + file + " does not set " + name);
  }

  private static String text(Element property, String tag) {
    NodeList n = property.getElementsByTagName(tag);
    return n.getLength() == 0 ? "" : n.item(0).getTextContent().trim();
  }
}
