package dev.lexnav.opensearch;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.opensearch.analysis.common.CommonAnalysisPlugin;
import org.opensearch.common.logging.LogConfigurator;
import org.opensearch.common.settings.Settings;
import org.opensearch.env.Environment;
import org.opensearch.http.HttpServerTransport;
import org.opensearch.index.reindex.ReindexPlugin;
import org.opensearch.node.InternalSettingsPreparer;
import org.opensearch.node.Node;
import org.opensearch.transport.Netty4Plugin;

/**
 * A single-node OpenSearch for tests, started in-process from the jars on the classpath instead of
 * from a distribution: the modules a distribution would load from modules/ (Netty4 for HTTP and
 * transport, analysis-common for the stemmer and synonym filters, reindex for delete-by-query) are
 * passed as classpath plugins.
 *
 * <p>Usage: {@code java -cp 'lib/*:classes' dev.lexnav.opensearch.LexnavOpenSearchNode HOME_DIR [HTTP_PORT]}.
 * HTTP_PORT 0 (the default) binds a free port. When the node is up it prints one line
 * {@code lexnav-opensearch ready http=127.0.0.1:PORT version=VERSION} on stdout; SIGTERM closes it.
 * With {@code -Dlexnav.exitOnStdinEof=true} it also exits when its stdin reaches end of file, so a
 * parent that dies without stopping it (a test worker killed mid-run) leaves no JVM behind.
 *
 * <p>Not a production node: no security plugin, no bootstrap checks (loopback only), no security
 * manager, no modules or plugins beyond the three above (no painless scripts, no mapper-extras).
 */
public final class LexnavOpenSearchNode {
  private LexnavOpenSearchNode() {}

  /** Node's constructor that takes classpath plugins is protected: tests and embedders subclass it. */
  private static final class ClasspathNode extends Node {
    ClasspathNode(Environment environment) {
      super(environment, List.of(Netty4Plugin.class, CommonAnalysisPlugin.class, ReindexPlugin.class), true);
    }
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 1 || args.length > 2) {
      System.err.println("usage: LexnavOpenSearchNode HOME_DIR [HTTP_PORT]");
      System.exit(2);
    }
    Path home = Path.of(args[0]).toAbsolutePath();
    String httpPort = args.length > 1 ? args[1] : "0";
    Settings settings =
        Settings.builder()
            .put("cluster.name", "lexnav-test")
            .put("node.name", "lexnav-test-node")
            .put("path.home", home.toString())
            .put("path.data", home.resolve("data").toString())
            .put("path.logs", home.resolve("logs").toString())
            .put("network.host", "127.0.0.1")
            .put("http.port", httpPort)
            // Port 0: the transport is never dialled from outside, so any free port will do.
            .put("transport.port", "0")
            .put("discovery.type", "single-node")
            // A shared CI disk past the 90% watermark would leave new shards unassigned (red):
            // a test node's few megabytes do not need the guard.
            .put("cluster.routing.allocation.disk.threshold_enabled", false)
            .build();
    // Console logging at WARN and up, so the test sees why a node failed without the INFO chatter.
    LogConfigurator.configureWithoutConfig(
        Settings.builder().put(settings).put("logger.level", "WARN").build());
    Environment environment =
        InternalSettingsPreparer.prepareEnvironment(settings, Map.of(), null, () -> "lexnav-test-node");
    Node node = new ClasspathNode(environment).start();

    CountDownLatch closed = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    node.close();
                    node.awaitClose(10, TimeUnit.SECONDS);
                  } catch (Exception e) {
                    e.printStackTrace();
                  } finally {
                    closed.countDown();
                  }
                },
                "lexnav-opensearch-shutdown"));

    if (Boolean.getBoolean("lexnav.exitOnStdinEof")) {
      Thread watch =
          new Thread(
              () -> {
                try {
                  while (System.in.read() >= 0) {
                    // the parent writes nothing: only the end of the pipe matters
                  }
                } catch (java.io.IOException e) {
                  // a broken pipe means the parent is gone, as EOF does
                }
                System.exit(0);
              },
              "lexnav-opensearch-parent-watch");
      watch.setDaemon(true);
      watch.start();
    }

    HttpServerTransport http = node.injector().getInstance(HttpServerTransport.class);
    var address = http.boundAddress().publishAddress();
    System.out.println(
        "lexnav-opensearch ready http="
            + address.getAddress()
            + ":"
            + address.getPort()
            + " version="
            + org.opensearch.Version.CURRENT);
    System.out.flush();
    closed.await();
  }
}
