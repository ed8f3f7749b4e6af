package org.streambench.harness.hadoop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.streambench.harness.UsageException;

class HadoopConfigTest {
  private static final Pattern ADDRESS =
      Pattern.compile("<name>([^<]*(address|hostname|rpc-address))</name><value>([^<]*)</value>");

  @Test
  void everyDaemonListensOn127001AndContainersGetHadoopsClasspath(@TempDir Path dir)
      throws Exception {
    HadoopConfig.Ports ports = HadoopConfig.Ports.free();
    Path conf = dir.resolve("conf");
    HadoopConfig.write(
        conf, dir.resolve("data"), dir.resolve("logs"), dir.resolve("lib"), ports, 4096, 4);
    assertEquals(
        "hdfs://127.0.0.1:" + ports.nameNodeRpc(),
        SiteXml.value(conf.resolve("core-site.xml"), "fs.defaultFS"));
    int addresses = 0;
    for (String site : new String[] {"hdfs-site.xml", "yarn-site.xml"}) {
      Matcher m = ADDRESS.matcher(Files.readString(conf.resolve(site)));
      while (m.find()) {
        addresses++;
        assertTrue(m.group(3).startsWith("127.0.0.1"), m.group(1) + " = " + m.group(3));
      }
    }
    assertTrue(addresses >= 12, "addresses checked: " + addresses);
    assertEquals("1", SiteXml.value(conf.resolve("hdfs-site.xml"), "dfs.replication"));
    assertEquals(
        conf + "," + dir.resolve("lib") + "/*",
        SiteXml.value(conf.resolve("yarn-site.xml"), "yarn.application.classpath"));
    assertEquals(
        "4096",
        SiteXml.value(conf.resolve("yarn-site.xml"), "yarn.nodemanager.resource.memory-mb"));
    assertTrue(Files.isDirectory(conf.resolve("webapps/hdfs")), "the NameNode's web app");
  }

  @Test
  void aUsersConfigurationWithoutTheKeyIsAOneLineUsageError(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("core-site.xml"), "<configuration></configuration>");
    UsageException e =
        assertThrows(
            UsageException.class,
            () -> SiteXml.value(dir.resolve("core-site.xml"), "fs.defaultFS"));
    assertTrue(e.getMessage().contains("does not set fs.defaultFS"), e.getMessage());
    assertThrows(UsageException.class, () -> SiteXml.value(dir.resolve("hdfs-site.xml"), "x"));
  }
}
