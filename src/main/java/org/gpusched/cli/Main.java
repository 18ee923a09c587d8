package org.gpusched.cli;

import org.gpusched.experiment.Scenario;
import org.gpusched.explore.job.Objective;
import org.gpusched.explore.result.EngineKind;
import org.gpusched.explore.result.MergeLevel;
import org.gpusched.explore.result.SearchOrder;
import org.gpusched.explore.result.StopRule;
import org.gpusched.gantt.GanttCharts;
import org.gpusched.interop.SagJobs;
import org.gpusched.model.Escapes;
import org.gpusched.model.ExitCodes;
import org.gpusched.model.InputException;
import org.gpusched.player.DeviceChoice;
import org.gpusched.player.ExecTime;
import org.gpusched.player.Mode;
import org.gpusched.profile.Statistic;
import org.gpusched.report.Json;
import org.gpusched.report.Names;
import org.gpusched.report.OutputFormat;
import org.gpusched.rta.GpuPriorityMode;
import org.gpusched.rta.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** The {@code gpusched} command line. */
@Command(name = "gpusched", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        resourceBundle = Main.HELP_TEXTS,
        subcommands = {ValidateCommand.class, AnalyzeCommand.class, CompareCommand.class, MethodsCommand.class,
                OracleCommand.class,
                PlayCommand.class, VerifyCommand.class,
                ProfileCommand.class, LoopCommand.class, DeviceInfoCommand.class, GenerateCommand.class,
                ExperimentCommand.class, BenchCommand.class, PresetsCommand.class, SchemaCommand.class, SensitivityCommand.class, DiffCommand.class,
                ExportCommand.class, OptimizeCommand.class, QualifyCommand.class, CompletionCommand.class, CommandLine.HelpCommand.class})
public final class Main extends BaseCommand {
    /** The bundle of every help text, keyed by option (docs/design.md): HelpTexts.properties in resources. */
    static final String HELP_TEXTS = "org/gpusched/cli/HelpTexts";

    @Override
    public Integer call() {
        throw new CommandLine.ParameterException(cl(), "missing command (try 'gpusched --help')");
    }

    public static void main(String[] args) {
        int code;
        try {
            code = CheckedStdout.run(new java.io.FileOutputStream(java.io.FileDescriptor.out),
                    new PrintWriter(System.err, true), args);
        } catch (Throwable t) {
            // Last resort (e.g. an error while setting up the command line): the JVM's own handler
            // would print a stack trace and exit 1, which a CI gate reads as "not schedulable".
            code = JvmErrors.report(new PrintWriter(System.err, true), t, false);
        }
        System.exit(code);
    }

    /** Runs in-process with the given streams and returns the exit code (no System.exit). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine one = oneCommand(args);
        return execute(one == null ? commandLine(out, err) : configure(one, out, err), args);
    }

    /**
     * The root with only the command that {@code args} names, or null when the whole tree is needed (no
     * command, an option or a misspelled command first, help, completion). picocli builds the model of
     * every command it is given, options, mixins and help texts, by reflection; that was most of a short
     * run's start-up, and a run uses one command. What it parses and prints is the same: the root's name
     * is "gpusched", so errors and help still say "gpusched analyze".
     */
    static CommandLine oneCommand(String... args) {
        if (args.length == 0) {
            return null;
        }
        for (Class<?> c : Main.class.getAnnotation(Command.class).subcommands()) {
            if (c.getAnnotation(Command.class).name().equals(args[0]) && c != CompletionCommand.class
                    && c != CommandLine.HelpCommand.class) {
                return new CommandLine(new Root()).addSubcommand(c);
            }
        }
        return null;
    }

    /** The root of {@link #oneCommand}: the name, --help, --version and texts of {@link Main}, not its commands. */
    @Command(name = "gpusched", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            resourceBundle = Main.HELP_TEXTS)
    static final class Root extends BaseCommand {
        @Override
        public Integer call() {
            throw new CommandLine.ParameterException(cl(), "missing command (try 'gpusched --help')");
        }
    }

    /**
     * Runs {@code cl}; picocli hands exceptions to {@link #handleException} but lets JVM errors
     * (out of memory, stack overflow) through, and those must never reach the JVM's default exit 1.
     */
    static int execute(CommandLine cl, String... args) {
        int code;
        try {
            code = cl.execute(args);
        } catch (Throwable t) {
            cl.getOut().flush();
            code = JvmErrors.report(cl.getErr(), t, Arrays.asList(args).contains("--verbose")
                    || Arrays.asList(args).contains("-v"));
        }
        cl.getOut().flush();
        cl.getErr().flush();
        return code;
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return configure(new CommandLine(new Main()), out, err);
    }

    static CommandLine configure(CommandLine cl, PrintWriter out, PrintWriter err) {
        // Logback's level is process-wide; each in-process run starts quiet until --verbose says otherwise.
        ((ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
                .setLevel(ch.qos.logback.classic.Level.WARN);
        cl.setOut(out);
        cl.setErr(err);
        cl.registerConverter(Duration.class, new DurationConverter());
        cl.registerConverter(BigDecimal.class, s -> NumericOptions.parse(s, "a decimal number", BigDecimal::new));
        for (Class<?> type : List.of(MergeLevel.class, SearchOrder.class, EngineKind.class, StopRule.class,
                Objective.class, Mode.class, DeviceChoice.class, Statistic.class, SagJobs.Arrival.class,
                SagJobs.Priority.class, GpuPriorityMode.class, Variant.class, PolicyOptions.MergeSearch.class,
                AnalyzeCommand.TableFormat.class, LoopCommand.Start.class)) {
            enumConverter(cl, type.asSubclass(Enum.class));
        }
        cl.registerConverter(ExecTime.class, parsed(ExecTime::parse));
        cl.registerConverter(Scenario.class, parsed(Scenario::parse));
        cl.setExitCodeExceptionMapper(e -> e instanceof InputException ? ExitCodes.INVALID : ExitCodes.INTERNAL);
        cl.setExecutionExceptionHandler(Main::handleException);
        cl.setParameterExceptionHandler(Main::handleUsage);
        cl.setExecutionStrategy(Main::refuseCsvWithoutRows);
        return cl;
    }

    private static <E extends Enum<E>> void enumConverter(CommandLine cl, Class<E> type) {
        cl.registerConverter(type, s -> parseEnum(type, s));
    }

    private static int refuseCsvWithoutRows(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult leaf = parsed;
        while (leaf.subcommand() != null) {
            leaf = leaf.subcommand();
        }
        CommandLine cl = leaf.commandSpec().commandLine();
        if (cl.getMixins().get("common") instanceof CommonOptions c && !leaf.isUsageHelpRequested()
                && !leaf.isVersionHelpRequested()) {
            String name = "'" + leaf.commandSpec().qualifiedName() + "' has no ";
            Usage.refuse(cl, cl.getCommand() instanceof NoCsv && c.format == OutputFormat.csv,
                    name + "CSV form; use --format text or json");
            Usage.refuse(cl, !(cl.getCommand() instanceof CiFormats) && c.format.ci(), name + c.format
                    + " form; --format junit and sarif are for analyze, compare, validate and verify");
        }
        return new CommandLine.RunLast().execute(parsed);
    }

    private static int handleUsage(CommandLine.ParameterException e, String[] args) {
        PrintWriter err = e.getCommandLine().getErr();
        err.println("gpusched: " + Escapes.text(e.getMessage()));
        // "Did you mean" for a mistyped command or option (picocli's edit-distance suggestions).
        CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + e.getCommandLine().getCommandSpec().qualifiedName() + " --help' for more information.");
        return ExitCodes.INVALID;
    }

    private static int handleException(Exception e, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        boolean verbose = cl.getMixins().get("common") instanceof CommonOptions c && c.verbose;
        if (e instanceof InputException) {
            err.println(e.getMessage());
            if (cl.getMixins().get("common") instanceof CommonOptions c && c.format == OutputFormat.json) {
                // A script parsing stdout sees every outcome, errors included, in the format it asked for.
                cl.getOut().println(Json.line(Json.object().put("error", e.getMessage())));
            }
            if (verbose) {
                e.printStackTrace(err);
            }
            return ExitCodes.INVALID;
        }
        return JvmErrors.report(err, e, verbose);
    }

    /** A converter that reads with {@code parse}, whose IllegalArgumentException is a usage error (exit 2). */
    private static <T> CommandLine.ITypeConverter<T> parsed(Function<String, T> parse) {
        return s -> {
            try {
                return parse.apply(s);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        };
    }

    /** Refuses a --gantt file name that is neither .svg nor .png before anything runs. */
    static void refuseGanttFormat(CommandLine cl, Path file) {
        Usage.refuse(cl, file != null && GanttCharts.formatOf(String.valueOf(file.getFileName())) == null,
                "--gantt writes .svg or .png files, not " + file);
    }

    /**
     * Enum constants as the CLI spells them: lower case, '-' for '_'. The constant's own name is read
     * too (any case), because picocli's completion script offers the names (TIME_TRIGGERED).
     */
    static <E extends Enum<E>> E parseEnum(Class<E> type, String s) {
        for (E e : type.getEnumConstants()) {
            if (Names.spell(e).equals(s.toLowerCase(Locale.ROOT).replace('_', '-'))) {
                return e;
            }
        }
        throw new CommandLine.TypeConversionException("'" + s + "' is not one of "
                + String.join(", ", Arrays.stream(type.getEnumConstants()).map(Names::spell).toList()));
    }
}
