package org.streambench.harness.cli;

import java.io.PrintWriter;
import java.time.Duration;
import org.streambench.api.Guarantee;
import org.streambench.harness.Durations;
import org.streambench.harness.Mode;
import org.streambench.harness.UsageException;
import org.streambench.harness.process.ClassDataSharing;
import org.streambench.harness.run.Provenance;
import org.streambench.harness.run.RunGuard;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code streambench} command line. */
@Command(
    name = "streambench",
    mixinStandardHelpOptions = true,
    versionProvider = StreambenchCli.Version.class,
    description = {
      "Benchmarks stream processing engines on a real Kafka broker: open-loop paced load stamped"
          + " with intended send times, per-record latency in HdrHistogram, every output verified,"
          + " every result stored with its provenance.",
      "",
      "Data: runs/<run-id>/ and runs/results.db under the checkout (or $STREAMBENCH_DATA).",
      "The broker's and engines' JVMs start from class-data sharing archives kept in class-data/"
          + " beside each jar (written from the second run on; $STREAMBENCH_CLASS_DATA_SHARING=off"
          + " starts them without)."
    },
    subcommands = {
      QuickstartCommand.class,
      RunCommand.class,
      SuiteCommand.class,
      CalibrateCommand.class,
      ResultsCommand.class,
      ShowCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      PagesCommand.class,
      AgentCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "  0:every run completed and its result is valid",
      "  1:a run failed, or its result is invalid (see its reasons)",
      "  2:bad usage; nothing was run or stored",
      "130:interrupted; the run is stored as aborted"
    })
public final class StreambenchCli implements Runnable {
  static final int EXIT_INVALID = 1;
  static final int EXIT_USAGE = 2;
  static final int EXIT_ABORTED = 130;

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }

  public static void main(String[] args) {
    try {
      ClassDataSharing.fromEnvironment();
    } catch (UsageException e) {
      System.err.println("streambench: " + e.getMessage());
      System.exit(EXIT_USAGE);
    }
    RunGuard.install(Thread.currentThread());
    int code;
    try {
      code = commandLine().execute(args);
    } finally {
      RunGuard.commandDone();
    }
    System.exit(code);
  }

  /** The configured command line, without exiting: for embedding and tests. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new StreambenchCli());
    cl.registerConverter(Duration.class, inUserWords(Durations::parse));
    cl.registerConverter(Guarantee.class, inUserWords(Guarantee::parse));
    cl.registerConverter(Mode.class, inUserWords(Mode::parse));
    cl.registerConverter(Integer.class, inUserWords(StreambenchCli::wholeNumber));
    cl.registerConverter(int.class, inUserWords(StreambenchCli::wholeNumber));
    cl.registerConverter(Long.class, inUserWords(StreambenchCli::longNumber));
    cl.registerConverter(long.class, inUserWords(StreambenchCli::longNumber));
    cl.setParameterExceptionHandler(
        (ex, args) -> {
          PrintWriter err = ex.getCommandLine().getErr();
          err.println(
              "streambench: "
                  + ex.getMessage()
                  + " (see: "
                  + ex.getCommandLine().getCommandSpec().qualifiedName()
                  + " --help)");
          return EXIT_USAGE;
        });
    cl.setExecutionExceptionHandler(
        (ex, commandLine, parseResult) -> {
          PrintWriter err = commandLine.getErr();
          if (ex instanceof UsageException) {
            err.println("streambench: " + ex.getMessage());
            return EXIT_USAGE;
          }
          err.println("streambench: error: " + ex);
          ex.printStackTrace(err);
          return EXIT_INVALID;
        });
    return cl;
  }

  /**
   * A converter whose refusal reads as the user's words ("'-3s' is not a duration ..."), not as
   * picocli's default "cannot convert ... (java.lang.IllegalArgumentException: ...)".
   */
  private static <T> CommandLine.ITypeConverter<T> inUserWords(
      CommandLine.ITypeConverter<T> converter) {
    return text -> {
      try {
        return converter.convert(text);
      } catch (IllegalArgumentException | UsageException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
    };
  }

  private static int wholeNumber(String text) {
    long n = longNumber(text);
    if (n != (int) n) {
      throw new IllegalArgumentException("'" + text + "' is too large");
    }
    return (int) n;
  }

  private static long longNumber(String text) {
    try {
      return Long.parseLong(text.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is not a whole number");
    }
  }

  /** Prints the tool's version. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"streambench " + Provenance.toolVersion()};
    }
  }
}
