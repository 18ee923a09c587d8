package org.gpusched.qualify;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.gpusched.explore.job.Options;
import org.gpusched.input.WorkloadReader;
import org.gpusched.model.Budget;
import org.gpusched.model.InputException;
import org.gpusched.model.Workload;
import org.gpusched.policy.MethodRegistry;
import org.gpusched.policy.MethodResult;
import org.gpusched.policy.Outcome;
import org.gpusched.policy.RunOptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.*;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The qualification run: (a) the shipped validation cases against their expected results, (b)
 * sets drawn like each of the user's files through every method that applies and its twin, (c)
 * the peer tools found. Deterministic for a seed: the same inputs and seed give the same
 * {@link Qualification} but for its elapsed time.
 */
public final class Qualify {
    /** Most sets per input (each is a few analyses; a bigger sample is several runs with other seeds). */
    public static final int MAX_SETS = 100_000;
    /** States each exact analysis may explore per set; a set past it is not compared (a budget, not a fault). */
    static final long STATES_PER_ANALYSIS = 2_000_000;
    /** Redraws of a set the reader refuses (a redrawn offset or grid past a limit) before the set is skipped. */
    static final int MAX_REDRAWS = 20;
    /** The check of a set the reader refused in every redraw. */
    static final String DRAWN = "drawn sets valid";
    private static final ObjectMapper TREE = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    /**
     * What to run.
     *
     * @param likes   the user's files: name as given and content
     * @param nptest  the nptest binary as named by option, else null (then PATH)
     * @param mast    mast_analysis as named by option, else null (then PATH)
     * @param work    a folder for the peers' scratch files
     * @param env     the environment the tools are looked up in (PATH)
     * @param shipped whether to rerun the shipped cases (always from the command line; tests of part (b) leave them out)
     */
    public record Config(List<Like> likes, int sets, long seed, Duration timeLimit, String timeLimitText,
                         Path nptest, Path mast, Path work, Map<String, String> env, Mutation mutation,
                         Qualification.Tool tool, boolean shipped) {
        public Config {
            likes = List.copyOf(likes);
            env = Map.copyOf(env);
        }
    }

    public record Like(String file, byte[] content) { }

    private final Config config;
    private final MethodRegistry registry = MethodRegistry.standard();
    private final RunOptions options = new RunOptions(Options.defaults().withBudget(STATES_PER_ANALYSIS, null),
            RunOptions.defaults().gpuPriority(), RunOptions.DEFAULT_VARIANT);
    private final Coverage coverage = new Coverage();
    private final List<Qualification.Disagreement> disagreements = new ArrayList<>();
    private final List<Qualification.Kept> kept = new ArrayList<>();
    private final List<Qualification.Input> inputs = new ArrayList<>();
    private final List<Qualification.DrawnSet> sets = new ArrayList<>();
    private final List<Qualification.Shipped> shipped = new ArrayList<>();

    private Qualify(Config config) {
        this.config = config;
    }

    /** Runs the whole qualification; {@code progress} gets a line now and then on a long run. */
    public static Qualification run(Config config, Consumer<String> progress) {
        return new Qualify(config).run(progress);
    }

    /** The seed of set {@code index} drawn like input {@code input}: a documented formula, so any set can be drawn again. */
    public static long seedOf(long seed, int input, int index) {
        return seed * 1_000_003L + input * 100_003L + index;
    }

    private Qualification run(Consumer<String> progress) {
        Budget.Meter meter = new Budget(Long.MAX_VALUE, config.timeLimit(), Budget.DEFAULT_HEAP_FRACTION).start();
        Twins twins = new Twins(registry, options, config.mutation());
        // Parse every input first: a file that is not a valid workload is exit 2 before anything runs.
        List<Workload> users = new ArrayList<>();
        List<JsonNode> trees = new ArrayList<>();
        for (Like l : config.likes()) {
            String text = new String(l.content(), StandardCharsets.UTF_8);
            // The caller has read the file as the user allowed (--allow-external-modules): kernel modules are its call.
            users.add(new WorkloadReader(true).read(l.file(), text));
            try {
                trees.add(TREE.readTree(text));
            } catch (IOException e) {
                throw new IllegalStateException("a file the reader accepted is not JSON: " + l.file(), e);
            }
        }
        Qualification.Peer np = Peers.find("nptest", config.nptest(), "--version", config.env(),
                "--nptest", "re-decides the edf-serial verdict of every drawn set it applies to");
        Qualification.Peer mast = Peers.find("mast_analysis", config.mast(), "-v", config.env(), "--mast",
                "found and its version recorded; its comparisons are the build's peer tests (docs/testing.md)");
        if (config.shipped()) {
            progress.accept("qualify: shipped validation cases");
            for (ShippedCases.Result r : ShippedCases.run(registry, options, config.mutation(), meter)) {
                record(r.observations(), null, "shipped case " + r.file(), null, "shipped/" + r.file(), r.text(),
                        "shipped");
                shipped.addAll(r.rows());
            }
        }
        String stop;
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Runtime.getRuntime().availableProcessors()));
        try {
            stop = drawAll(progress, meter, twins, users, trees, np, pool);
        } finally {
            pool.shutdownNow();
        }
        List<Qualification.Peer> peers = List.of(np, mast);
        return new Qualification(config.tool(), environment(), new Qualification.Options(config.sets(), config.seed(),
                config.timeLimitText(), config.mutation() == Mutation.NONE ? null : config.mutation().name()), inputs,
                sets, coverage.checks(), coverage.perInput(), coverage.gaps(peers), disagreements, kept, shipped, peers,
                KnownIssues.list(), stop == null, stop, meter.elapsedNanos());
    }

    /** Part (b) for every input; returns why it stopped early, or null. */
    private String drawAll(Consumer<String> progress, Budget.Meter meter, Twins twins, List<Workload> users,
                           List<JsonNode> trees, Qualification.Peer np, ExecutorService pool) {
        String stop = null;
        for (int k = 0; k < users.size(); k++) {
            Like like = config.likes().get(k);
            String base = users.get(k).name() == null ? "set" : users.get(k).name();
            int drawn = 0;
            int refused = 0;
            final int input = k;
            coverage.input(like.file());
            // Sets are checked on every core and recorded in index order: the report does not depend on the threads.
            List<Future<Drawn>> futures = new ArrayList<>();
            for (int i = 0; i < config.sets() && stop == null; i++) {
                final int index = i;
                futures.add(pool.submit(() -> check(twins, trees.get(input), np, base, input, index, meter)));
            }
            for (int i = 0; i < futures.size(); i++) {
                Drawn d = join(futures.get(i));
                stop = stop != null ? stop : d.stop();
                if (stop != null) {
                    continue; // the report keeps one prefix of the sets
                }
                refused += d.refused();
                if (d.workload() == null) {
                    coverage.count(Observation.notCompared(DRAWN, "no valid draw in " + MAX_REDRAWS + " tries"),
                            "random", like.file());
                    continue;
                }
                drawn++;
                sets.add(new Qualification.DrawnSet(like.file(), i, d.seed(), d.name(), d.workload().sha256(),
                        d.verdict()));
                record(d.observations(), like.file(), like.file() + " set " + i, d.seed(), "random/" + d.name() + ".json",
                        d.text(), "random");
                if ((i + 1) % 25 == 0 || i + 1 == config.sets()) {
                    progress.accept("qualify: " + (i + 1) + "/" + config.sets() + " sets like " + like.file() + ", "
                            + disagreements.size() + " disagreement(s)");
                }
            }
            inputs.add(input(like, users.get(k), trees.get(k), drawn, refused));
        }
        return stop;
    }

    /** One drawn set and what its checks found; {@code stop} set when the time limit came first. */
    private record Drawn(long seed, String name, String text, Workload workload, String verdict, int refused,
                         List<Observation> observations, String stop) { }

    private Drawn check(Twins twins, JsonNode tree, Qualification.Peer np, String base, int input, int index,
                        Budget.Meter meter) {
        String over = meter.overTimeOrHeap();
        if (over != null) {
            return new Drawn(0, null, null, null, null, 0, List.of(), over);
        }
        long seed = seedOf(config.seed(), input, index);
        String name = base + "-like-" + index;
        int refused = 0;
        for (int attempt = 0; attempt < MAX_REDRAWS; attempt++) {
            long s = attempt == 0 ? seed : seed ^ (0x9E3779B97F4A7C15L * attempt);
            String text = LikeSets.draw(tree, name, s);
            Workload w;
            try {
                w = new WorkloadReader().read(name + ".json", text);
            } catch (InputException e) {
                refused++;
                continue;
            }
            Twins.Checked checked = twins.check(w, text, s, meter);
            List<Observation> obs = new ArrayList<>(checked.observations());
            if (np.path() != null && w.pbs() != null && w.pbs().origin() >= 0) {
                obs.add(nptest(w, Path.of(np.path()), config.work().resolve("nptest").resolve(name), meter));
            }
            return new Drawn(s, name, text, w, checked.verdict(), refused, obs, null);
        }
        return new Drawn(seed, name, null, null, null, refused, List.of(), null);
    }

    private static Drawn join(Future<Drawn> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** nptest against the edf-serial rule it reads the export as (time-triggered with jitter, as SagPeerTest). */
    private Observation nptest(Workload w, Path nptest, Path work, Budget.Meter meter) {
        boolean jitter = w.pbs().tasks().stream().anyMatch(t -> t.jitter() > 0);
        String edf = jitter ? "edf-serial-tt" : "edf-serial";
        MethodResult r = registry.byId(edf).orElseThrow().analyze(w, options, meter.inner(options.explore().budget()));
        if (r.outcome() != Outcome.SCHEDULABLE && r.outcome() != Outcome.NOT_SCHEDULABLE) {
            return Observation.notCompared(Peers.NPTEST_CHECK, edf + " " + r.outcome().words());
        }
        return Peers.nptest(nptest, work, w.pbs(), r.outcome() == Outcome.SCHEDULABLE, edf);
    }

    /** {@code input}: the --like file a drawn set is shaped like, null for a shipped case. */
    private void record(List<Observation> obs, String input, String source, Long seed, String keepAs, String text,
                        String part) {
        boolean keep = false;
        for (Observation o : obs) {
            coverage.count(o, part, input);
            if (o.status() == Observation.Status.DISAGREED) {
                keep = true;
                disagreements.add(new Qualification.Disagreement(o.check(), source, seed, o.message(),
                        "cases/" + keepAs));
            }
        }
        if (keep && kept.stream().noneMatch(k -> k.path().equals("cases/" + keepAs))) {
            kept.add(new Qualification.Kept("cases/" + keepAs, text));
        }
    }

    private static Qualification.Input input(Like l, Workload w, JsonNode tree, int drawn, int refused) {
        List<String> features = features(tree);
        String gpu = w.gpu() == null ? "none" : w.gpu().name();
        return new Qualification.Input(l.file(), sha256(l.content()), w.name(), w.formatVersion(), w.size(),
                w.interference() == null ? "none" : w.interference().model().json(), gpu, features, drawn,
                refused);
    }

    /** The features a file uses, named by the members that carry them (outside comments), sorted. */
    static List<String> features(JsonNode tree) {
        TreeSet<String> out = new TreeSet<>();
        scan(tree, out);
        return List.copyOf(out);
    }

    private static void scan(JsonNode n, TreeSet<String> out) {
        if (n.isObject()) {
            n.fields().forEachRemaining(f -> {
                if (f.getKey().equals("x")) {
                    return;
                }
                if (f.getKey().equals("runtime")) {
                    // the drawn sets keep the file's runtime cost; its "copy" is a cost, not a copy segment
                    if (StreamSupport.stream(f.getValue().spliterator(), false)
                            .anyMatch(cost -> cost.isNumber() && cost.asLong() != 0)) {
                        out.add("runtime");
                    }
                    return;
                }
                String feature = switch (f.getKey()) {
                    case "offset" -> "offsets";
                    case "jitter" -> "jitter";
                    case "h2d", "d2h", "copy" -> "copies";
                    case "cpu" -> f.getValue().isNumber() ? "cpu segments" : null;
                    case "kind" -> "kinds";
                    case "core", "cpus" -> "cores";
                    case "timePartitions" -> "time partitions";
                    case "deadline" -> "deadlines";
                    case "segments" -> f.getValue().size() > 1 ? "chains" : null;
                    default -> null;
                };
                if (feature != null && !(f.getValue().isNumber() && f.getValue().asLong() == 0)) {
                    out.add(feature);
                }
                scan(f.getValue(), out);
            });
        } else if (n.isArray()) {
            n.elements().forEachRemaining(e -> scan(e, out));
        }
    }

    private static List<Qualification.Fact> environment() {
        List<Qualification.Fact> out = new ArrayList<>(Stream.of("java.version", "java.vendor", "java.vm.name",
                "java.vm.version", "os.name", "os.version", "os.arch")
                .map(p -> new Qualification.Fact(p, System.getProperty(p, "unknown"))).toList());
        out.add(new Qualification.Fact("processors", Integer.toString(Runtime.getRuntime().availableProcessors())));
        return out;
    }

    public static String sha256(byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 missing from the JVM", e);
        }
    }
}
