package org.streambench.engine.kafkastreams;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import scala.Option;
import scala.util.parsing.json.JSON;

/**
 * The two JSON parsers uricount compares. Both read the whole access-log line and keep {@code uri}
 * and {@code time}; only the library differs.
 */
final class AccessLogParsers {
  private static final JsonFactory JACKSON = new JsonFactory();

  private AccessLogParsers() {}

  /** Decodes an access log, given the time it entered the job. */
  @FunctionalInterface
  interface Parser {
    UriCountTopology.AccessLog parse(byte[] json, long in) throws IOException;
  }

  /** The parser named by the {@code parser} parameter. */
  static Parser named(String name) {
    switch (name) {
      case "jackson":
        return AccessLogParsers::jackson;
      case "scala":
        return AccessLogParsers::scala;
      default:
        throw new IllegalArgumentException(
            "uricount parser must be jackson or scala, not '" + name + "'");
    }
  }

  /** Jackson's streaming parser: one pass over the tokens, no tree. */
  static UriCountTopology.AccessLog jackson(byte[] json, long in) throws IOException {
    String uri = null;
    long time = -1;
    try (JsonParser p = JACKSON.createParser(json)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new IOException("access log is not a JSON object");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        p.nextToken();
        if (field.equals("uri")) {
          uri = p.getText();
        } else if (field.equals("time")) {
          time = p.getLongValue();
        } else {
          p.skipChildren();
        }
      }
    }
    return accessLog(uri, time, in);
  }

  /**
   * The Scala standard library's {@code JSON.parseFull} (scala-parser-combinators 1.1.x, deprecated
   * and later removed there): a general-purpose combinator parser building immutable maps, with
   * numbers as doubles (exact for µs timestamps, which stay below 2^53).
   */
  @SuppressWarnings("unchecked")
  static UriCountTopology.AccessLog scala(byte[] json, long in) throws IOException {
    Option<Object> parsed = JSON.parseFull(new String(json, StandardCharsets.UTF_8));
    if (parsed.isEmpty()) {
      throw new IOException("access log is not JSON");
    }
    scala.collection.Map<String, Object> log = (scala.collection.Map<String, Object>) parsed.get();
    Option<Object> uri = log.get("uri");
    Option<Object> time = log.get("time");
    return accessLog(
        uri.isEmpty() ? null : (String) uri.get(),
        time.isEmpty() ? -1 : ((Double) time.get()).longValue(),
        in);
  }

  private static UriCountTopology.AccessLog accessLog(String uri, long time, long in)
      throws IOException {
    if (uri == null || time < 0) {
      throw new IOException("access log without uri or time");
    }
    return new UriCountTopology.AccessLog(uri, time, in);
  }
}
