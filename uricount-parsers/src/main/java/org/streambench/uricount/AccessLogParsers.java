package org.streambench.uricount;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import scala.Option;
import scala.util.parsing.json.JSON;

/**
 * The two JSON parsers uricount compares, used by every engine's job. Both read the whole
 * access-log line and keep {@code uri} and {@code time}; only the library differs.
 */
public final class AccessLogParsers {
  private static final JsonFactory JACKSON = new JsonFactory();

  private AccessLogParsers() {}

  /** The fields of an access log uricount uses; {@code timeMicros} is its event time. */
  public record AccessLog(String uri, long timeMicros) {}

  /** Parses one access-log line (serializable, since engines ship it inside their jobs). */
  @FunctionalInterface
  public interface Parser extends Serializable {
    AccessLog parse(byte[] json) throws IOException;
  }

  /** The parser the {@code parser} workload parameter names: {@code jackson} or {@code scala}. */
  public static Parser named(String name) {
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
  public static AccessLog jackson(byte[] json) throws IOException {
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
    return accessLog(uri, time);
  }

  /**
   * The Scala standard library's {@code JSON.parseFull} (scala-parser-combinators 1.1.x, deprecated
   * and later removed there): a general-purpose combinator parser building immutable maps, with
   * numbers as doubles (exact for µs timestamps, which stay below 2^53).
   */
  @SuppressWarnings("unchecked")
  public static AccessLog scala(byte[] json) throws IOException {
    Option<Object> parsed = JSON.parseFull(new String(json, StandardCharsets.UTF_8));
    if (parsed.isEmpty() || !(parsed.get() instanceof scala.collection.Map<?, ?>)) {
      throw new IOException("access log is not a JSON object");
    }
    scala.collection.Map<String, Object> log = (scala.collection.Map<String, Object>) parsed.get();
    Object uri = log.get("uri").getOrElse(() -> null);
    Object time = log.get("time").getOrElse(() -> null);
    return accessLog(
        uri instanceof String u ? u : null, time instanceof Double t ? t.longValue() : -1);
  }

  private static AccessLog accessLog(String uri, long time) throws IOException {
    if (uri == null || time < 0) {
      throw new IOException("access log without uri or time");
    }
    return new AccessLog(uri, time);
  }
}
