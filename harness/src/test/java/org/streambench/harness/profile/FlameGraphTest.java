package org.streambench.harness.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class FlameGraphTest {
  @Test
  void framesAreAsWideAsTheirSamplesAndStackedFromTheBottom() throws Exception {
    Map<String, Long> stacks = new HashMap<>();
    stacks.put("main;a;b", 300L);
    stacks.put("main;a;c<T>", 100L);
    stacks.put("main;d", 600L);
    Document svg = parse(FlameGraph.svg("engine & co", stacks));

    Element root = rect(svg, "all");
    Element main = rect(svg, "main");
    Element d = rect(svg, "d");
    Element a = rect(svg, "a");
    assertEquals(width(root), width(main), 0.5);
    assertEquals(0.6 * width(root), width(d), 1);
    assertEquals(0.4 * width(root), width(a), 1);
    assertEquals(0.1 * width(root), width(rect(svg, "c<T>")), 1);
    assertTrue(y(root) > y(main), "root drawn below its children");
    assertTrue(y(main) > y(a));
  }

  @Test
  void framesBelowTheMinimumShareAreLeftOut() throws Exception {
    Map<String, Long> stacks = new HashMap<>();
    stacks.put("main;hot", 10_000L);
    stacks.put("main;rare", 1L);
    String svg = FlameGraph.svg("p", stacks);
    assertTrue(svg.contains("hot"));
    assertFalse(svg.contains("rare"));
  }

  @Test
  void anEmptyProfileDrawsNoFrame() throws Exception {
    Document svg = parse(FlameGraph.svg("p", Map.of()));
    assertEquals(0, svg.getElementsByTagName("rect").getLength());
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  /** The rect of the frame whose title starts with {@code name}. */
  private static Element rect(Document svg, String name) {
    NodeList groups = svg.getElementsByTagName("g");
    for (int i = 0; i < groups.getLength(); i++) {
      Element g = (Element) groups.item(i);
      if (g.getElementsByTagName("title").item(0).getTextContent().startsWith(name + " (")) {
        return (Element) g.getElementsByTagName("rect").item(0);
      }
    }
    throw new AssertionError("no frame " + name);
  }

  private static double width(Element rect) {
    return Double.parseDouble(rect.getAttribute("width"));
  }

  private static double y(Element rect) {
    return Double.parseDouble(rect.getAttribute("y"));
  }
}
